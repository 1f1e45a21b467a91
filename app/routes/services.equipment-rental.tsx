import { ServicePage } from "~/components/service-page";
import { equipmentRentalPage } from "~/content/services/equipment-rental";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/services.equipment-rental";

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta("/services/equipment-rental", equipmentRentalPage.meta, matches);

export default function EquipmentRental() {
  return <ServicePage content={equipmentRentalPage} />;
}
