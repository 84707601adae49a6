import { describeAccessibilityWalk } from "./accessibility-walk";

// Every screen and tab in English through axe, and every table's fit (see accessibility-walk.ts).
describeAccessibilityWalk("en", { withBrand: true });
