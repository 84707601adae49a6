export * from "./platform";
export * from "./leads";
