// Entry of `npm run sim`: runs cli/sim.ts from its cached bundle (see sim-bundle.mjs).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { simBundle } from './sim-bundle.mjs';

await import(pathToFileURL(join(await simBundle(), 'sim.mjs')).href);
