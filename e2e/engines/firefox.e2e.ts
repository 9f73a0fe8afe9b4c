// The cross-engine suite in Firefox.
import { describe } from 'vitest';
import { firefoxEngine } from '../../tools/browsers/engines/firefox-engine.ts';
import { crossEngineSuite } from './cross-engine.ts';

describe('Firefox', () => crossEngineSuite(firefoxEngine, { phoneWidth: 375 }));
