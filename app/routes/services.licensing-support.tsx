import { ServicePage } from "~/components/service-page";
import { licensingSupportPage } from "~/content/services/licensing-support";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/services.licensing-support";

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta("/services/licensing-support", licensingSupportPage.meta, matches);

export default function LicensingSupport() {
  return <ServicePage content={licensingSupportPage} />;
}
