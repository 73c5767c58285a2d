/** 120 particles, about 800 ms each plus a delay. */
export const CONFETTI_COUNT = 120;
export const CONFETTI_MS = 800;
const COLORS = ['#e60023', '#f5b700', '#00a86b', '#0074e8', '#9b59b6'];
const GOLDEN_ANGLE = 137.508;

export interface Particle {
  x: number;
  y: number;
  rotate: number;
  delayMs: number;
  color: string;
}

/**
 * The particles' end points, spread evenly round the tile by the golden angle: the same
 * burst every time, so rendering stays pure and tests see what users see.
 */
export function confettiParticles(count = CONFETTI_COUNT): Particle[] {
  return Array.from({ length: count }, (_, index) => {
    const angle = ((index * GOLDEN_ANGLE) % 360) * (Math.PI / 180);
    const distance = 60 + ((index * 37) % 140);
    return {
      x: Math.round(Math.cos(angle) * distance),
      y: Math.round(Math.sin(angle) * distance),
      rotate: (index * 47) % 360,
      delayMs: (index % 8) * 25,
      color: COLORS[index % COLORS.length]!,
    };
  });
}

/** The viewer asked for less motion: no burst, no flight. */
export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}
