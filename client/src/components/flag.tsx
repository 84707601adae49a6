import { useId, type CSSProperties } from "react";
import type { LanguageCode } from "@/lib/languages";

/** Drawn at 20 × 14 px whatever the button or menu around it does to its icons (they size every svg to 16 × 16). */
const SIZE: CSSProperties = { width: 20, height: 14 };

/** A stripe of the United States flag: 13 in all, red first. */
const STRIPE = 14 / 13;

/**
 * A language's flag as a picture (inline SVG, nothing fetched), not as an emoji: regional-indicator emoji show as
 * empty boxes where no emoji font is installed. With `label` it is an image of that name; without, decoration beside
 * the language's name.
 */
export function Flag({ code, label }: { code: LanguageCode; label?: string }) {
  // React's ids hold characters that a url(#…) reference would have to escape.
  const clip = `flag-${useId().replace(/[^\w-]/g, "")}`;
  const a11y = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <svg viewBox="0 0 20 14" style={SIZE} className="shrink-0" data-flag={code} focusable="false" {...a11y}>
      <clipPath id={clip}>
        <rect width="20" height="14" rx="2" />
      </clipPath>
      <g clipPath={`url(#${clip})`}>{code === "es" ? <Spain /> : <UnitedStates />}</g>
      {/* A hairline edge, so the white and yellow keep their shape on a white menu. */}
      <rect x="0.25" y="0.25" width="19.5" height="13.5" rx="1.75" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="0.5" />
    </svg>
  );
}

function UnitedStates() {
  return (
    <>
      <rect width="20" height="14" fill="#b22234" />
      {[1, 3, 5, 7, 9, 11].map((stripe) => (
        <rect key={stripe} y={stripe * STRIPE} width="20" height={STRIPE} fill="#fff" />
      ))}
      <rect width="8" height={7 * STRIPE} fill="#3c3b6e" />
      {[1.6, 4, 6.4].flatMap((x) =>
        [1.7, 3.8, 5.9].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="0.55" fill="#fff" />),
      )}
    </>
  );
}

function Spain() {
  return (
    <>
      <rect width="20" height="14" fill="#aa151b" />
      <rect y="3.5" width="20" height="7" fill="#f1bf00" />
    </>
  );
}
