// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { joinDeclarations, joinStatements } from './wgsl-text.ts';

describe('joinStatements', () => {
  it('puts each statement on a line of its own at the indent, and leaves empty ones out', () => {
    expect(joinStatements(4, 'let a = 1u;', '', 'if (a > 0u) {\n      a = 0u;\n    }', '')).toBe(
      'let a = 1u;\n    if (a > 0u) {\n      a = 0u;\n    }',
    );
    expect(joinStatements(2, '', '')).toBe('');
  });
});

describe('joinDeclarations', () => {
  it('trims each declaration, leaves empty ones out, and puts one blank line between', () => {
    expect(joinDeclarations('\nfn a() {\n}\n', '', '  \n', 'const B: u32 = 1u;\n')).toBe(
      'fn a() {\n}\n\nconst B: u32 = 1u;',
    );
  });
});
