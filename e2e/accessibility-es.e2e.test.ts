import { describeAccessibilityWalk } from "./accessibility-walk";

// Every screen and tab in Spanish through axe, and every table's fit (see accessibility-walk.ts).
describeAccessibilityWalk("es", { withBrand: false });
