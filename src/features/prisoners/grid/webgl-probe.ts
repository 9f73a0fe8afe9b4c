/** What the 3D grid can expect from this browser's WebGL. */
export type WebglSupport = 'webgl' | 'software-webgl' | 'unavailable';

/** Anything with a WebGL context: a DOM canvas on the page, an OffscreenCanvas in a worker. */
interface WebglCanvas {
  getContext(type: 'webgl2' | 'webgl'): unknown;
}

/** Software rasterisers get a cheaper drawing set-up (no multisampling, one pixel per CSS pixel). */
export function classifyRenderer(rendererName: string): WebglSupport {
  return /swiftshader|llvmpipe|softpipe|software|microsoft basic render/i.test(rendererName)
    ? 'software-webgl'
    : 'webgl';
}

/**
 * Creates a WebGL context on `canvas` and names what is behind it. `RENDERER` is masked as
 * "WebKit WebGL" in Chromium; the unmasked name comes from WEBGL_debug_renderer_info where offered.
 */
export function describeWebgl(canvas: WebglCanvas): WebglSupport {
  try {
    const context = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as
      WebGLRenderingContext | WebGL2RenderingContext | null;
    if (!context) return 'unavailable';
    const debugInfo = context.getExtension('WEBGL_debug_renderer_info');
    const name = String(
      context.getParameter(debugInfo ? debugInfo.UNMASKED_RENDERER_WEBGL : context.RENDERER),
    );
    context.getExtension('WEBGL_lose_context')?.loseContext();
    return classifyRenderer(name);
  } catch {
    return 'unavailable';
  }
}
