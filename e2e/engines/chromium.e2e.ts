// The cross-engine suite in Chromium.
import { describe } from 'vitest';
import { chromiumEngine } from '../../tools/browsers/engines/chromium-engine.ts';
import { crossEngineSuite } from './cross-engine.ts';

describe('Chromium', () =>
  crossEngineSuite(chromiumEngine, { phoneWidth: 375, everyRoute: false }));
