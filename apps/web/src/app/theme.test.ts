import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, PRIMARY_SHADE, theme } from './theme';

/** WCAG 2.x contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

const colors = DEFAULT_THEME.colors;
const WHITE = '#ffffff';
/** Resolves `var(--mantine-color-gray-7)`, `rgba(r, g, b, 1)` or a hex to a hex. */
function resolve(value: string): string {
  const variable = value.match(/^var\(--mantine-color-(\w+)-(\d)\)$/);
  if (variable) return colors[variable[1]!]![Number(variable[2])]!;
  const rgba = value.match(/^rgba?\((\d+),\s*(\d+),\s*(\d+)/);
  if (rgba)
    return `#${rgba
      .slice(1, 4)
      .map((c) => Number(c).toString(16).padStart(2, '0'))
      .join('')}`;
  return value;
}

describe('theme colours, at least 4.5:1 (WCAG 2.2 AA)', () => {
  const variables = cssVariablesResolver(DEFAULT_THEME).light;

  it('white text on the primary buttons', () => {
    expect(theme.primaryShade).toBe(PRIMARY_SHADE);
    expect(contrast(WHITE, colors[theme.primaryColor!]![PRIMARY_SHADE])).toBeGreaterThanOrEqual(4.5);
  });

  it('dimmed text on white and on the footer grey, error text and placeholders on white', () => {
    const dimmed = resolve(variables['--mantine-color-dimmed']!);
    expect(contrast(dimmed, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dimmed, colors.gray[0])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolve(variables['--mantine-color-error']!), WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(resolve(variables['--mantine-color-placeholder']!), WHITE)).toBeGreaterThanOrEqual(4.5);
  });

  it('text of the light variants (badges, alerts, initials) on their pale background, at rest and hovered', () => {
    for (const name of Object.keys(colors)) {
      const text = resolve(variables[`--mantine-color-${name}-light-color`]!);
      expect(contrast(text, colors[name]![1]), name).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, colors[name]![2]), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('the green "Enregistré" save status (teal.9) on white', () => {
    expect(contrast(colors.teal[9], WHITE)).toBeGreaterThanOrEqual(4.5);
  });
});
