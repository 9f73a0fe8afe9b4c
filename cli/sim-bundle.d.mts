/** The folder holding the bundled sim.mjs and sim-worker.mjs, built first when out of date. */
export function simBundle(): Promise<string>;
