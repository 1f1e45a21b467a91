import { ServicePage } from "~/components/service-page";
import { equipmentSalesPage } from "~/content/services/equipment-sales";
import { routeMeta } from "~/seo/meta";
import type { Route } from "./+types/services.equipment-sales";

export const meta: Route.MetaFunction = ({ matches }) =>
  routeMeta("/services/equipment-sales", equipmentSalesPage.meta, matches);

export default function EquipmentSales() {
  return <ServicePage content={equipmentSalesPage} />;
}
