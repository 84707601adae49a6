import { describe, expect, it } from "vitest";
import { radarQuadrants, radarRings, type RadarQuadrant, type RadarRing } from "@contract/records/innovation";
import { radarLayout, type RadarItem } from "./radar-layout";

const item = (id: number, quadrant: RadarQuadrant, status: RadarRing): RadarItem => ({ id, name: `Tech ${id}`, quadrant, status });

/** Distance from the centre and the screen angle (0..360, clockwise from east) of a point. */
const polar = (geometry: ReturnType<typeof radarLayout>, point: { x: number; y: number }) => {
  const dx = point.x - geometry.center;
  const dy = point.y - geometry.center;
  return { radius: Math.hypot(dx, dy), angle: ((Math.atan2(dy, dx) * 180) / Math.PI + 360) % 360 };
};

/** Quadrant → the angles it covers on screen (techniques top right, then clockwise). */
const quadrantAngles: Record<RadarQuadrant, [number, number]> = { techniques: [270, 360], tools: [0, 90], platforms: [90, 180], languages_frameworks: [180, 270] };

describe("radarLayout", () => {
  it("draws no point for no technology, with four rings, the inner ones wider", () => {
    const geometry = radarLayout([], 400);
    expect(geometry.points).toEqual([]);
    expect(geometry.center).toBe(200);
    expect(geometry.ringRadii).toEqual([65.3, 111.4, 153.6, 192]);
  });

  it("puts every technology inside its own ring and quadrant, numbered quadrant by quadrant", () => {
    const items = radarQuadrants.flatMap((quadrant, q) => radarRings.flatMap((ring, r) => [1, 2, 3].map((n) => item(q * 100 + r * 10 + n, quadrant, ring))));
    const geometry = radarLayout(items, 400);
    expect(geometry.points).toHaveLength(48);
    expect(geometry.points.map((p) => p.number)).toEqual(Array.from({ length: 48 }, (_, i) => i + 1));
    for (const point of geometry.points) {
      const { radius, angle } = polar(geometry, point);
      const ring = radarRings.indexOf(point.status);
      const inner = ring === 0 ? 0 : geometry.ringRadii[ring - 1]!;
      expect(radius, point.name).toBeGreaterThan(inner);
      expect(radius, point.name).toBeLessThan(geometry.ringRadii[ring]!);
      const [from, to] = quadrantAngles[point.quadrant];
      const a = point.quadrant === "techniques" && angle < 1 ? 360 : angle;
      expect(a, point.name).toBeGreaterThan(from);
      expect(a, point.name).toBeLessThan(to);
    }
  });

  it("keeps points of one cell apart and gives the same picture for the same input", () => {
    const items = [1, 2, 3, 4, 5].map((id) => item(id, "tools", "adopt"));
    const first = radarLayout(items);
    const distances = first.points.flatMap((a, i) => first.points.slice(i + 1).map((b) => Math.hypot(a.x - b.x, a.y - b.y)));
    // Points are drawn with a radius of 7: two never overlap.
    expect(Math.min(...distances)).toBeGreaterThan(14);
    expect(radarLayout(items)).toEqual(first);
  });

  it("places a lone technology in the middle of its cell", () => {
    const geometry = radarLayout([item(7, "platforms", "hold")], 400);
    const { radius, angle } = polar(geometry, geometry.points[0]!);
    // Hold spans 153.6..192: the middle is 172.8; platforms spans 90..180°: the middle is 135°.
    expect(radius).toBeCloseTo(172.8, 0);
    expect(angle).toBeCloseTo(135, 0);
    expect(geometry.points[0]).toMatchObject({ id: 7, name: "Tech 7", number: 1 });
  });
});
