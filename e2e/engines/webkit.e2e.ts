// The cross-engine suite in WebKitGTK, the engine family of Safari.
import { describe } from 'vitest';
import { webkitEngine } from '../../tools/browsers/engines/webkit-engine.ts';
import { crossEngineSuite } from './cross-engine.ts';

describe('WebKit', () => crossEngineSuite(webkitEngine, { phoneWidth: 447, pageScrollbarPx: 12 }));
