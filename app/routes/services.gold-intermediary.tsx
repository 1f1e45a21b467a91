import { ServicePage } from "~/components/service-page";
import { goldIntermediaryPage } from "~/content/services/gold-intermediary";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/services.gold-intermediary";

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta("/services/gold-intermediary", goldIntermediaryPage.meta, matches);

export default function GoldIntermediary() {
  return <ServicePage content={goldIntermediaryPage} />;
}
