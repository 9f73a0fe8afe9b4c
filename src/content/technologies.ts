/** Technologies used across the projects. `icon` is the simple-icons slug of the logo. */
export interface Technology {
  name: string;
  icon: string;
}

export const technologies = {
  react: { name: 'React', icon: 'react' },
  typescript: { name: 'TypeScript', icon: 'typescript' },
  javascript: { name: 'JavaScript', icon: 'javascript' },
  vite: { name: 'Vite', icon: 'vite' },
  vitest: { name: 'Vitest', icon: 'vitest' },
  html: { name: 'HTML', icon: 'html5' },
  css: { name: 'CSS', icon: 'css' },
  sass: { name: 'Sass', icon: 'sass' },
  svg: { name: 'SVG', icon: 'svg' },
  python: { name: 'Python', icon: 'python' },
  fastapi: { name: 'FastAPI', icon: 'fastapi' },
  docker: { name: 'Docker', icon: 'docker' },
  node: { name: 'Node.js', icon: 'nodedotjs' },
  postgresql: { name: 'PostgreSQL', icon: 'postgresql' },
  threejs: { name: 'three.js', icon: 'threedotjs' },
  leaflet: { name: 'Leaflet', icon: 'leaflet' },
  openstreetmap: { name: 'OpenStreetMap', icon: 'openstreetmap' },
  githubactions: { name: 'GitHub Actions', icon: 'githubactions' },
} as const satisfies Record<string, Technology>;
