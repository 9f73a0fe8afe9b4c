import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isBrandIconName } from '../components/brand-icon-names.ts';
import { createElement } from 'react';
import { render } from '@testing-library/react';
import { SafeHtml } from '../components/safe-html.tsx';
import { imageSizes } from './images.ts';
import { profile } from './profile.ts';
import { detailedProjects as projects } from './project-details.ts';
import { resume, resumeIntro } from './resume.ts';
import { socials } from './socials.ts';
import { technologies } from './technologies.ts';

// Tests run from the project root (Vitest's root).
const publicImg = (file: string) => resolve(process.cwd(), 'public/img', file);

const referencedImages = [
  profile.avatar,
  profile.avatarWhite,
  ...projects.flatMap((project) => [
    ...(project.image ? [project.image] : []),
    ...project.detailed.flatMap((block) => (block.img ? [block.img] : [])),
  ]),
];

const allText = JSON.stringify({ profile, projects, resume, resumeIntro, socials });

describe('projects', () => {
  it('are the six projects, with unique slugs, in the listing order', () => {
    expect(projects.map((project) => project.link)).toEqual([
      'AI_tool',
      'NTNU_PPL',
      'segment-display',
      'prisoner',
      'ntnu-capmap',
      'css-art',
    ]);
    expect(new Set(projects.map((project) => project.link)).size).toBe(projects.length);
    expect(new Set(projects.map((project) => project.id)).size).toBe(projects.length);
  });

  it('each have a title, an intro, a description, technologies and detail blocks', () => {
    for (const project of projects) {
      expect(project.title.length, project.link).toBeGreaterThan(3);
      expect(Boolean(project.intro) !== Boolean(project.introHtml), project.link).toBe(true);
      expect(project.description.length, project.link).toBeGreaterThan(40);
      expect(project.technologies.length, project.link).toBeGreaterThan(0);
      expect(project.detailed.length, project.link).toBeGreaterThan(2);
      if (project.image) expect(project.alt, project.link).toBeTruthy();
      for (const block of project.detailed) {
        if (block.img) expect(block.alt, `${project.link} ${block.img}`).toBeTruthy();
      }
    }
  });

  it('author their HTML fields so that the page shows them exactly as written', () => {
    for (const project of projects) {
      for (const html of [project.descriptionHtml, project.introHtml ?? '']) {
        const { container, unmount } = render(createElement(SafeHtml, { html }));
        expect(container.firstElementChild?.innerHTML, project.link).toBe(html);
        unmount();
      }
    }
  });

  it('give the segment display project a live clock and clock blocks', () => {
    const segment = projects.find((project) => project.link === 'segment-display');
    expect(segment?.segmentDisplay).toEqual({ text: '!#ms' });
    const texts = segment?.detailed.flatMap((block) =>
      block.segmentDisplay ? [block.segmentDisplay.text] : [],
    );
    expect(texts).toContain('!#msdD');
    expect(texts?.some((text) => !text.startsWith('!#'))).toBe(true);
  });

  it('describe the prisoner simulation with its exact success rate', () => {
    const prisoner = projects.find((project) => project.link === 'prisoner');
    const text = JSON.stringify(prisoner);
    expect(text).toMatch(/Web Workers/);
    expect(text).toMatch(/seed/);
    // The loop strategy frees everyone unless a cycle is longer than 50: 1 − Σ 1/k for
    // k = 51..100, as an exact fraction, rounded to hundredths of a percent.
    let numerator = 0n;
    let denominator = 1n;
    for (let k = 51n; k <= 100n; k++) {
      numerator = numerator * k + denominator;
      denominator *= k;
    }
    const hundredths = (20_000n * (denominator - numerator) + denominator) / (2n * denominator);
    const exact = `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}%`;
    const percentages = [...text.matchAll(/\d+\.\d+%/g)].map(([percent]) => percent);
    expect(percentages.length).toBeGreaterThan(0);
    expect(new Set(percentages)).toEqual(new Set([exact]));
    // Picking at random, everyone succeeds with a chance of 2^−100: about 1 in 10^30.
    const digits = (2n ** 100n).toString().length;
    expect(text).toContain(`1 in 10<sup>${digits - 1}</sup>`);
  });
});

describe('images', () => {
  it('exist in public/img and have their real size recorded', () => {
    // Every image the content names has its size recorded, and every recorded size is used.
    expect([...new Set(referencedImages)].sort()).toEqual(Object.keys(imageSizes).sort());
    for (const file of referencedImages) {
      expect(existsSync(publicImg(file)), file).toBe(true);
      const size = imageSizes[file];
      expect(size, file).toBeDefined();
      const svg = readFileSync(publicImg(file), 'utf8');
      const [, width, height] = /<svg[^>]*width="(\d+)"[^>]*height="(\d+)"/.exec(svg) ?? [];
      expect({ width: Number(width), height: Number(height) }, file).toEqual(size);
    }
  });

  it('contain no scripts or external references', () => {
    for (const file of referencedImages) {
      const svg = readFileSync(publicImg(file), 'utf8');
      expect(svg, file).not.toMatch(/<script|href="http|on\w+=/i);
    }
  });
});

describe('technologies', () => {
  it('every technology has an icon in the icon set', () => {
    const used = projects.flatMap((project) => project.technologies);
    for (const technology of [...Object.values(technologies), ...used]) {
      expect(isBrandIconName(technology.icon), technology.name).toBe(true);
    }
  });
});

describe('links', () => {
  it('every URL is absolute https', () => {
    const urls = [
      ...projects.flatMap((project) => [project.githubUrl, project.liveUrl]),
      ...socials.map((social) => social.url),
    ].filter((url): url is string => url !== undefined);
    // Six GitHub repositories, two live versions, three social profiles.
    expect(urls).toHaveLength(11);
    for (const url of urls) expect(new URL(url).protocol, url).toBe('https:');
  });

  it('socials are GitHub, Instagram and LinkedIn, each with an icon', () => {
    expect(socials.map((social) => social.name)).toEqual(['GitHub', 'Instagram', 'LinkedIn']);
    for (const social of socials) expect(isBrandIconName(social.icon), social.name).toBe(true);
  });

  it('the e-mail address is well formed', () => {
    expect(profile.email).toMatch(/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/);
  });
});

describe('resume', () => {
  it('has the three sections with dated entries in order', () => {
    expect(resume.map((section) => section.title)).toEqual([
      'Academic Contributions',
      'Education',
      'Work Experience',
    ]);
    for (const section of resume) {
      expect(section.entries.length).toBeGreaterThan(0);
      for (const entry of section.entries) {
        expect(entry.start, entry.title).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
        if (entry.end) {
          expect(entry.end, entry.title).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
          expect(entry.end >= entry.start, entry.title).toBe(true);
        }
      }
      // Newest first.
      const starts = section.entries.map((entry) => entry.start);
      expect(starts).toEqual([...starts].sort().reverse());
    }
  });
});

describe('content text', () => {
  it('has three paragraphs of introduction', () => {
    expect(profile.about).toHaveLength(3);
  });

  it('contains no placeholder text', () => {
    expect(allText).not.toMatch(/lorem|ipsum|TODO|FIXME|placeholder/i);
  });
});
