import { getAvailabilityLabel } from "~/content/equipment";
import { Badge, type BadgeTone } from "~/components/ui/badge";

const TONES: Record<string, BadgeTone> = {
  available: "green",
  "rental-only": "blue",
  "sale-only": "gold",
};

/** Spec §4: Available, Rental Only, Sale Only, and 'Contact Us' for anything else. */
export function AvailabilityBadge({ availability }: { availability: string }) {
  return <Badge tone={TONES[availability] ?? "neutral"}>{getAvailabilityLabel(availability)}</Badge>;
}
