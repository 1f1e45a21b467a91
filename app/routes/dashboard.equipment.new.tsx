import { useActionData } from "react-router";
import { EquipmentEditorForm, EquipmentEditorPage, NEW_ITEM_VALUES } from "~/components/equipment-editor";
import { brandTitle } from "~/content/company";
import { readFormData } from "~/lib/http/form-data.server";
import { guardedUser } from "~/lib/http/guards.server";
import { saveItemForm } from "~/routes/dashboard.equipment.server";
import type { Route } from "./+types/dashboard.equipment.new";

export const handle = { hydrate: true };

export const meta: Route.MetaFunction = () => [
  { title: brandTitle("New machine") },
  { name: "robots", content: "noindex" },
];

export function loader({ context }: Route.LoaderArgs) {
  guardedUser(context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = guardedUser(context);
  return saveItemForm(context, await readFormData(request), user.id, null);
}

export default function NewEquipmentPage() {
  const result = useActionData<typeof action>();
  return (
    <EquipmentEditorPage title="New machine">
      <p className="text-sm">It is saved as a draft: visitors see it once you publish it.</p>
      <EquipmentEditorForm
        values={result?.values ?? NEW_ITEM_VALUES}
        errors={result?.errors ?? {}}
        submitLabel="Add machine"
      />
    </EquipmentEditorPage>
  );
}
