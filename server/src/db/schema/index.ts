export * from "./platform";
export * from "./leads";
export * from "./affiliates";
export * from "./feedback";
export * from "./issues";
export * from "./work";
export * from "./events";
