import { Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ProjectFacts } from '../components/project-facts.tsx';
import { ProjectStory } from '../components/project-story.tsx';
import { paths } from '../config/routes.ts';
import { findProject } from '../content/project-details.ts';
import { useDocumentMeta } from '../components/document-meta.tsx';
import {
  AboutDialog,
  BoardOdds,
  BoardSettings,
  CYCLE_SUCCESS,
  Controls,
  CyclesLegend,
  HelperTurn,
  LabArrivalNotice,
  OutcomeDialog,
  ReadyFieldset,
  SeedInfo,
  SimulationBoard,
  StatusBar,
  VariantPicker,
  formatCount,
  useAddressRun,
  useAutoPlay,
  usePaintEffects,
  usePlayedBoard,
} from '../features/prisoners/simulation.ts';
import styles from './prisoner-page.module.css';

const project = findProject('prisoner')!;

/** /projects/prisoner: the 100 prisoners simulation, and the story of how it was made. */
export function PrisonerPage() {
  useDocumentMeta(
    '100 prisoners simulation',
    'Play the 100 prisoners problem by hand or watch the cycle-following strategy in a 3D simulation.',
  );
  const [searchParams] = useSearchParams();
  // A new seed, variant, size or strategy in the address starts a new, reproducible run.
  useAddressRun(searchParams);
  const play = useAutoPlay();
  // Blurred shadows go while the board plays on a machine whose frames are measured slow.
  usePaintEffects();
  const storyBoard = usePlayedBoard();
  const { n, k } = storyBoard;

  return (
    <div className={styles.page}>
      {/* One order for every width, the reading order: on a phone the board follows the readouts
          and Start at once, the settings come after it; beside the board (a wide window) the
          board keeps its place while the column of controls scrolls. Until the page answers,
          its controls are disabled (a fieldset), so no click is lost or taken late. */}
      <ReadyFieldset className={styles.layout}>
        <header className={styles.intro}>
          <p className={styles.eyebrow}>Project · Probability in 3D</p>
          <h1>100 prisoners simulation</h1>
        </header>
        <section className={styles.status} aria-label="Simulation status">
          <StatusBar play={play} />
        </section>
        <section className={styles.board} aria-label={`The room with ${formatCount(n)} boxes`}>
          <LabArrivalNotice play={play} />
          <div className={styles.stage}>
            <SimulationBoard />
          </div>
          <BoardOdds />
          <p className={styles.hint}>
            {/* The pointer decides the verb: CSS shows one of the two, so pre-rendering needs no guess. */}
            <span className={styles.pointerVerb}>Click a box</span>
            <span className={styles.touchVerb}>Tap a box</span>, or use the arrow keys and Enter. An
            opened box shows its slip, the path links the current prisoner&apos;s boxes, and the box
            with their own number turns green.
          </p>
        </section>
        <div className={styles.about}>
          <HelperTurn />
          <p className={styles.lede}>
            Each of {formatCount(n)} {n === 1 ? 'prisoner' : 'prisoners'} may open {formatCount(k)}{' '}
            of the {formatCount(n)} {n === 1 ? 'box' : 'boxes'} to find their own number, and if
            even one of them fails, they all lose. Open boxes yourself, or start the simulation and
            watch every prisoner follow the slips from box to box.
          </p>
          <AboutDialog />
        </div>
        <section className={styles.panel} aria-label="Simulation controls">
          <Controls play={play} />
          <CyclesLegend />
          <BoardSettings />
          <VariantPicker />
        </section>
        <div className={styles.runInfo}>
          <SeedInfo />
        </div>
      </ReadyFieldset>

      <p className={styles.labLink}>
        How often does the strategy win, really? The <Link to={paths.lab}>prisoner lab</Link> runs
        millions of trials in your browser and compares them with the exact {CYCLE_SUCCESS}.
      </p>
      {/* A boundary of its own: React hydrates the story (below the fold on every screen) in a
          task after the simulation's, not in one long task with it. */}
      <Suspense>
        <section className={styles.story} aria-labelledby="about-project">
          <Link className={styles.back} to={paths.projects}>
            <span aria-hidden="true">←</span> All projects
          </Link>
          <h2 id="about-project">About this project</h2>
          <ProjectFacts project={project} />
          <ProjectStory project={project} level={3} board={storyBoard} />
        </section>
      </Suspense>
      <OutcomeDialog />
    </div>
  );
}
