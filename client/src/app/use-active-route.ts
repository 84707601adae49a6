import { useLocation } from "wouter";
import { findRoute } from "./routes";

export function useActiveRoute() {
  const [location] = useLocation();
  return findRoute(location);
}
