import { ServicePage } from "~/components/service-page";
import { consultationPage } from "~/content/services/consultation";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/services.consultation";

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta("/services/consultation", consultationPage.meta, matches);

export default function Consultation() {
  return <ServicePage content={consultationPage} />;
}
