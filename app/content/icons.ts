/**
 * Names of the lucide-react icons referenced by content modules.
 * Content stays free of React imports; the UI maps these names to components.
 */
export const ICON_NAMES = [
  "Award",
  "Banknote",
  "Briefcase",
  "CalendarClock",
  "ClipboardCheck",
  "Clock",
  "Cog",
  "Compass",
  "Construction",
  "Eye",
  "FileCheck",
  "FileText",
  "Fingerprint",
  "Gem",
  "Globe",
  "GraduationCap",
  "Handshake",
  "HardHat",
  "Heart",
  "Landmark",
  "Leaf",
  "Lightbulb",
  "Mail",
  "MapPin",
  "MessageCircle",
  "Mountain",
  "Package",
  "PackageCheck",
  "Phone",
  "Pickaxe",
  "Recycle",
  "Route",
  "Scale",
  "ScrollText",
  "Search",
  "Settings",
  "ShieldAlert",
  "ShieldCheck",
  "Target",
  "TrendingUp",
  "Truck",
  "UserCheck",
  "Wrench",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

export function isIconName(value: string): value is IconName {
  return (ICON_NAMES as readonly string[]).includes(value);
}
