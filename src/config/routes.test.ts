// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { auditedPaths, paths, sitePages } from './routes.ts';

describe('route table', () => {
  it('lists every page once: the fixed routes, then one per project', () => {
    expect(sitePages()).toEqual([
      { path: '/', route: 'home' },
      { path: '/resume/', route: 'resume' },
      { path: '/contact/', route: 'contact' },
      { path: '/projects/prisoner/', route: 'prisoner' },
      { path: '/projects/prisoner/lab/', route: 'lab' },
      { path: '/projects/AI_tool/', route: 'project' },
      { path: '/projects/NTNU_PPL/', route: 'project' },
      { path: '/projects/segment-display/', route: 'project' },
      { path: '/projects/ntnu-capmap/', route: 'project' },
      { path: '/projects/css-art/', route: 'project' },
    ]);
  });

  it('audits the first page of every audited route', () => {
    expect(auditedPaths()).toEqual([
      '/',
      '/resume/',
      '/contact/',
      '/projects/prisoner/',
      '/projects/AI_tool/',
    ]);
  });

  it('builds links from the patterns', () => {
    expect(paths.project('css-art')).toBe('/projects/css-art/');
    expect(paths.projects).toBe('/#projects');
    expect(paths.lab).toBe('/projects/prisoner/lab/');
  });
});
