import { useEffect, useMemo, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { useBoardFields, useBoardState, type BoardSource } from './board-source.ts';
import { ZOOM_STEP, WHOLE_BOARD, maxZoomFor, zoomAbout, zoomTransform } from './board-zoom.ts';
import { BOX_SIZE, ELEVATION, PITCH, gridLayout } from './layout.ts';
import { boxOnStage, openingZoom, OPENING_VIEW, smallestBoxScale } from './opening-zoom.ts';
import { ringLayout } from './ring-layout.ts';
import { useElementWidth } from './use-element-width.ts';
import { useZoomGestures } from './use-zoom-gestures.ts';
import buttons from '../../../components/buttons.module.css';
import styles from './box-grid.module.css';

/** The size the smallest box reaches at the largest zoom, in CSS pixels: a legible number, and
 * well over the 24 × 24 px a target needs (WCAG 2.2). */
const ZOOMED_BOX_PX = 44;

/**
 * The largest zoom for the board as laid out now and a stage this wide: the one that brings the
 * smallest box (the DOM twin's button over it) to ZOOMED_BOX_PX.
 */
function useMaxZoom(source: BoardSource, stageWidth: number): number {
  const { rings, cycles } = useBoardFields(source, 'rings', 'cycles');
  const n = useBoardState(source, (view) => view.slips.length);
  return useMemo(() => {
    const pixelsPerUnit = stageWidth / gridLayout(n).viewWidth;
    // Rows are foreshortened by the camera's elevation: a box is shorter than it is wide.
    const boxScale = rings ? smallestBoxScale(ringLayout(cycles.cycles).placements) : 1;
    const side = rings ? BOX_SIZE * boxScale : PITCH;
    return maxZoomFor(side * Math.sin(ELEVATION) * pixelsPerUnit, ZOOMED_BOX_PX);
  }, [rings, cycles, stageWidth, n]);
}

/**
 * A new run's board opens at the whole board, or, when its numbers are too small to read there,
 * zoomed in on the current prisoner's box (the whole board is one press of Show the whole board
 * away). Decided once per run, when the stage has a width.
 */
function useOpeningZoom(source: BoardSource, stageWidth: number, maxZoom: number) {
  const opening = useBoardState(source, (view) => view.zoom === OPENING_VIEW);
  useEffect(() => {
    if (!opening || stageWidth <= 0) return;
    const { slips, rings, cycles, game, labels } = source.getState();
    const grid = gridLayout(slips.length);
    const placements = rings ? ringLayout(cycles.cycles).placements : null;
    const box = labels ? (labels[game.prisoner] as number) : game.prisoner;
    const boxScale = smallestBoxScale(placements);
    const focus = boxOnStage(grid, placements, Math.min(box, slips.length - 1));
    source.setZoom(openingZoom(grid, stageWidth, boxScale, focus, maxZoom));
  }, [opening, source, stageWidth, maxZoom]);
}

/** A zoom control: it says it is unavailable (aria-disabled, still focusable) when it is. */
function ZoomButton({
  label,
  enabled,
  onPress,
}: {
  label: string;
  enabled: boolean;
  onPress(): void;
}) {
  return (
    <button
      type="button"
      className={buttons.secondary}
      aria-disabled={enabled ? undefined : 'true'}
      onClick={() => enabled && onPress()}
    >
      {label}
    </button>
  );
}

/**
 * The board's frame, zoomable: `Zoom in`, `Zoom out` and `Show the whole board` below it, pinch
 * and Ctrl + wheel on it, a drag pans, and a box that takes focus is brought into view. The
 * canvas (`backdrop`) follows the source's zoom itself; the DOM twin (`children`) is transformed
 * here, so the two always agree.
 */
export function ZoomableStage({
  source,
  stage,
  className,
  backdrop,
  children,
  attributes,
}: {
  source: BoardSource;
  stage: RefObject<HTMLDivElement | null>;
  className: string | undefined;
  backdrop?: ReactNode;
  children: ReactNode;
  attributes?: Record<`data-${string}`, string | undefined>;
}) {
  const width = useElementWidth(stage, 'content');
  const maxZoom = useMaxZoom(source, width);
  useOpeningZoom(source, width, maxZoom);
  useZoomGestures(source, stage, maxZoom);
  const zoom = useBoardState(source, (view) => view.zoom);
  const zoomed = zoom.scale > 1;
  const atMost = zoom.scale >= maxZoom - 1e-9;
  const zoomBy = (factor: number) => source.setZoom(zoomAbout(zoom, factor, 0.5, 0.5, maxZoom));

  return (
    <>
      <div
        ref={stage}
        className={className}
        data-board-stage=""
        data-zoomed={zoomed ? 'true' : undefined}
        {...attributes}
      >
        {backdrop}
        {/* No style at the overview: pre-rendered HTML carries no style attribute (the CSP). */}
        <div
          className={styles.zoomLayer}
          style={
            zoomed
              ? ({ transform: zoomTransform(zoom), '--zoom-scale': zoom.scale } as CSSProperties)
              : undefined
          }
        >
          {children}
        </div>
      </div>
      <div className={styles.zoomControls} role="group" aria-label="Zoom">
        <ZoomButton label="Zoom in" enabled={!atMost} onPress={() => zoomBy(ZOOM_STEP)} />
        <ZoomButton label="Zoom out" enabled={zoomed} onPress={() => zoomBy(1 / ZOOM_STEP)} />
        <ZoomButton
          label="Show the whole board"
          enabled={zoomed}
          onPress={() => source.setZoom(WHOLE_BOARD)}
        />
      </div>
    </>
  );
}
