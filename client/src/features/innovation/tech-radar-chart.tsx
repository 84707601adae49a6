import { useTranslation } from "react-i18next";
import { radarQuadrants, radarRings } from "@contract/records/innovation";
import { Badge } from "@/components/ui/badge";
import { valueLabel } from "@/features/records";
import { radarLayout, type RadarItem } from "./radar-layout";
import { ringFill, ringTone } from "./ring-tones";

/** Where each quadrant's name sits: its outer corner of the square. */
const quadrantCorner = {
  techniques: { x: 1, y: 0, anchor: "end" },
  tools: { x: 1, y: 1, anchor: "end" },
  platforms: { x: 0, y: 1, anchor: "start" },
  languages_frameworks: { x: 0, y: 0, anchor: "start" },
} as const;

/**
 * The tech radar drawn as a radar (issue 14.8): four rings and four quadrants, each technology a numbered point with
 * its name in a <title>, and the same technologies as a numbered list beside it, so the picture is never the only way
 * to read it. The SVG is one image with a summary as its accessible name.
 */
export function TechRadarChart({ items }: { items: readonly RadarItem[] }) {
  const { t } = useTranslation();
  const geometry = radarLayout(items);
  const { size, center, ringRadii, points } = geometry;
  const summary = t("innovation.radar.summary", {
    count: items.length,
    rings: radarRings.map((ring) => `${valueLabel(t, ring)} ${items.filter((item) => item.status === ring).length}`).join(", "),
  });
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,26rem)_1fr]">
      <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label={summary} className="w-full max-w-[26rem] text-muted-foreground" data-testid="tech-radar-svg">
        {[...ringRadii].reverse().map((radius, index) => (
          <circle key={radius} cx={center} cy={center} r={radius} className={index % 2 === 0 ? "fill-muted/40 stroke-border" : "fill-background stroke-border"} />
        ))}
        <line x1={center} y1={center - ringRadii.at(-1)!} x2={center} y2={center + ringRadii.at(-1)!} className="stroke-border" strokeWidth={2} />
        <line x1={center - ringRadii.at(-1)!} y1={center} x2={center + ringRadii.at(-1)!} y2={center} className="stroke-border" strokeWidth={2} />
        {radarRings.map((ring, index) => (
          <text key={ring} x={center + 4} y={center - ringRadii[index]! + 12} className="fill-current text-[10px] font-medium uppercase" aria-hidden="true">
            {valueLabel(t, ring)}
          </text>
        ))}
        {radarQuadrants.map((quadrant) => {
          const corner = quadrantCorner[quadrant];
          return (
            <text
              key={quadrant}
              x={corner.x * size + (corner.x ? -4 : 4)}
              y={corner.y * size + (corner.y ? -4 : 12)}
              textAnchor={corner.anchor}
              className="fill-foreground text-[11px] font-semibold"
              aria-hidden="true"
            >
              {valueLabel(t, quadrant)}
            </text>
          );
        })}
        {points.map((point) => (
          <g key={point.id} data-testid="tech-radar-point" data-name={point.name} data-ring={point.status} data-quadrant={point.quadrant}>
            <title>{`${point.number}. ${point.name}: ${valueLabel(t, point.status)}, ${valueLabel(t, point.quadrant)}`}</title>
            <circle cx={point.x} cy={point.y} r={7} className={ringFill(point.status)} />
            <text x={point.x} y={point.y + 3} textAnchor="middle" className="fill-white text-[8px] font-semibold">
              {point.number}
            </text>
          </g>
        ))}
      </svg>
      {points.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("innovation.radar.empty")}</p>
      ) : (
        <ol className="grid content-start gap-1.5 text-sm" aria-label={t("innovation.radar.listLabel")} data-testid="tech-radar-list">
          {points.map((point) => (
            <li key={point.id} className="flex flex-wrap items-center gap-2">
              <span className="w-5 text-right tabular-nums text-muted-foreground">{point.number}.</span>
              <span className="font-medium">{point.name}</span>
              <Badge variant={ringTone(point.status)}>{valueLabel(t, point.status)}</Badge>
              <span className="text-xs text-muted-foreground">{valueLabel(t, point.quadrant)}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
