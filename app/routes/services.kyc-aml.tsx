import { ServicePage } from "~/components/service-page";
import { kycAmlPage } from "~/content/services/kyc-aml";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/services.kyc-aml";

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta("/services/kyc-aml", kycAmlPage.meta, matches);

export default function KycAml() {
  return <ServicePage content={kycAmlPage} />;
}
