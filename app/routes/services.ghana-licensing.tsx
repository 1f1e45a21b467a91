import { ServicePage } from "~/components/service-page";
import { ghanaLicensingPage } from "~/content/services/ghana-licensing";
import { buildMeta } from "~/seo/meta";
import type { Route } from "./+types/services.ghana-licensing";

/** Served at /licensing and /services/ghana-licensing; both name /licensing as canonical. */
export const meta: Route.MetaFunction = ({ matches }) =>
  buildMeta("/services/ghana-licensing", ghanaLicensingPage.meta, matches);

export default function GhanaLicensing() {
  return <ServicePage content={ghanaLicensingPage} />;
}
