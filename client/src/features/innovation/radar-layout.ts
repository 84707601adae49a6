import { radarQuadrants, radarRings, type RadarQuadrant, type RadarRing } from "@contract/records/innovation";

/*
 * Where each technology sits on the tech radar: a pure function, so the drawing is tested without a browser. Rings
 * go outwards adopt → trial → assess → hold; quadrants go clockwise from the top right (techniques, tools,
 * platforms, languages & frameworks). Points are spread evenly inside their cell (ring × quadrant), alternating
 * between three depths so neighbours do not touch; the same input always gives the same picture.
 */

export interface RadarItem {
  id: number;
  name: string;
  quadrant: RadarQuadrant;
  status: RadarRing;
}

export interface RadarPoint extends RadarItem {
  /** 1-based number drawn in the point and shown in the list beside the radar. */
  number: number;
  x: number;
  y: number;
}

export interface RadarGeometry {
  size: number;
  center: number;
  /** Outer radius of each ring, innermost first. */
  ringRadii: number[];
  points: RadarPoint[];
}

/** Screen angles (degrees, 0 = east, clockwise since y grows downwards) where each quadrant starts. */
const quadrantStart: Record<RadarQuadrant, number> = { techniques: -90, tools: 0, platforms: 90, languages_frameworks: 180 };
/** Points keep off the axes and the ring lines by this share of their cell. */
const EDGE = 0.12;
/** Each ring's outer edge as a share of the radius: the inner rings are wider than a quarter, as on the classic radar, so their points have room. */
const RING_EDGES = [0.34, 0.58, 0.8, 1] as const;
/** Points of one cell alternate between these depths within the ring (shares of its width). */
const DEPTHS = [0.6, 0.95, 0.25] as const;

export function radarLayout(items: readonly RadarItem[], size = 400): RadarGeometry {
  const center = size / 2;
  const outer = center - 8;
  const ringRadii = RING_EDGES.map((edge) => round(outer * edge));
  // Number in list order (quadrant, ring, then the given order) so the list beside reads quadrant by quadrant.
  const ordered = radarQuadrants.flatMap((quadrant) => radarRings.flatMap((ring) => items.filter((item) => item.quadrant === quadrant && item.status === ring)));
  const points = ordered.map((item, index): RadarPoint => {
    const cell = ordered.filter((other) => other.quadrant === item.quadrant && other.status === item.status);
    const slot = cell.indexOf(item);
    const ring = radarRings.indexOf(item.status);
    const angleShare = EDGE + ((1 - 2 * EDGE) * (slot + 0.5)) / cell.length;
    const angle = ((quadrantStart[item.quadrant] + 90 * angleShare) * Math.PI) / 180;
    const depth = cell.length === 1 ? 0.5 : DEPTHS[slot % DEPTHS.length]!;
    const inner = ring === 0 ? 0 : ringRadii[ring - 1]!;
    const radius = inner + (ringRadii[ring]! - inner) * (EDGE + (1 - 2 * EDGE) * depth);
    return { ...item, number: index + 1, x: round(center + radius * Math.cos(angle)), y: round(center + radius * Math.sin(angle)) };
  });
  return { size, center, ringRadii, points };
}

const round = (value: number) => Math.round(value * 10) / 10;
