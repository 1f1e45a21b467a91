export const EQUIPMENT_CATEGORIES = ["excavators", "bulldozers", "wash-plants"] as const;
export type EquipmentCategory = (typeof EQUIPMENT_CATEGORIES)[number];

export const AVAILABILITY_VALUES = ["available", "rental-only", "sale-only"] as const;
export type Availability = (typeof AVAILABILITY_VALUES)[number];

export const CATEGORY_LABELS: Record<EquipmentCategory, string> = {
  excavators: "Excavators",
  bulldozers: "Bulldozers",
  "wash-plants": "Wash Plants",
};

export const AVAILABILITY_LABELS: Record<Availability, string> = {
  available: "Available",
  "rental-only": "Rental Only",
  "sale-only": "Sale Only",
};

interface EquipmentSpec {
  key: string;
  label: string;
  value: string;
}

export interface EquipmentItem {
  id: string;
  name: string;
  category: EquipmentCategory;
  image: string;
  imageAlt: string;
  imageWidth: number;
  imageHeight: number;
  availability: Availability;
  /** Display text, e.g. '$850/day' or 'N/A'. */
  rentalPrice: string;
  /** Display text, e.g. '$185,000' or 'Contact for Price'. */
  salePrice: string;
  specs: readonly EquipmentSpec[];
  description: string;
  features: readonly string[];
}

function isAvailability(value: string): value is Availability {
  return (AVAILABILITY_VALUES as readonly string[]).includes(value);
}

/** Badge label; any value outside the known set reads 'Contact Us'. */
export function getAvailabilityLabel(availability: string): string {
  return isAvailability(availability) ? AVAILABILITY_LABELS[availability] : "Contact Us";
}

/** First dollar amount in a price text ('$2,500/day' → 2500), or null if there is none. */
export function parsePriceAmount(text: string): number | null {
  const match = /\$\s*(\d[\d,]*(?:\.\d+)?)/.exec(text);
  if (!match?.[1]) return null;
  const amount = Number(match[1].replace(/,/g, ""));
  return Number.isFinite(amount) ? amount : null;
}

/** Daily rental rate as a number, or null for 'N/A' and other non-numeric texts. */
export function getRentalPricePerDay(item: Pick<EquipmentItem, "rentalPrice">): number | null {
  return /\/\s*day/i.test(item.rentalPrice) ? parsePriceAmount(item.rentalPrice) : null;
}

/** Sale price as a number, or null for 'Contact for Price' and similar. */
export function getSalePriceAmount(item: Pick<EquipmentItem, "salePrice">): number | null {
  return parsePriceAmount(item.salePrice);
}

/** An item pictured by its id's illustration, drawn at one size for all. */
function machine(item: Omit<EquipmentItem, "image" | "imageWidth" | "imageHeight">): EquipmentItem {
  return { ...item, image: `/images/equipment/${item.id}.svg`, imageWidth: 640, imageHeight: 400 };
}

export const equipmentItems: readonly EquipmentItem[] = [
  machine({
    id: "cat-320-excavator",
    name: "CAT 320 Excavator",
    category: "excavators",
    imageAlt: "Illustration of a yellow tracked CAT 320 hydraulic excavator with its boom raised",
    availability: "available",
    rentalPrice: "$850/day",
    salePrice: "$185,000",
    specs: [
      { key: "bucketCapacity", label: "Bucket Capacity", value: "1.19 m³" },
      { key: "operatingWeight", label: "Operating Weight", value: "22,500 kg" },
      { key: "enginePower", label: "Engine Power", value: "121 kW (162 hp)" },
      { key: "maxDigDepth", label: "Max Digging Depth", value: "6.7 m" },
    ],
    description:
      "A versatile 20-tonne class excavator suited to overburden stripping, pit development and loading trucks on small and medium-scale gold sites. Fuel-efficient and easy to service in remote locations.",
    features: [
      "Fuel-efficient Cat C4.4 engine",
      "Grade assist and payload weighing",
      "Reinforced undercarriage for laterite",
      "Air-conditioned ROPS cab",
      "Quick coupler for bucket changes",
    ],
  }),
  machine({
    id: "komatsu-d65px-bulldozer",
    name: "Komatsu D65PX Bulldozer",
    category: "bulldozers",
    imageAlt: "Illustration of a yellow Komatsu D65PX crawler bulldozer with a wide front blade",
    availability: "available",
    rentalPrice: "$950/day",
    salePrice: "$220,000",
    specs: [
      { key: "bladeCapacity", label: "Blade Capacity", value: "5.6 m³" },
      { key: "operatingWeight", label: "Operating Weight", value: "23,100 kg" },
      { key: "enginePower", label: "Engine Power", value: "162 kW (217 hp)" },
      { key: "groundPressure", label: "Ground Pressure", value: "31 kPa" },
    ],
    description:
      "A wide-track (PX) dozer built for soft, wet ground. Its low ground pressure makes it a dependable choice for land clearing, haul-road construction and tailings management during the rainy season.",
    features: [
      "Wide-track low ground pressure design",
      "Hydrostatic steering system",
      "Straight-tilt blade for bulk pushing",
      "Multi-shank ripper option",
      "Komatsu KOMTRAX telematics",
      "Sealed and lubricated track links",
    ],
  }),
  machine({
    id: "gold-wash-plant-150tph",
    name: "Gold Wash Plant 150TPH",
    category: "wash-plants",
    imageAlt:
      "Illustration of a modular gold wash plant with a feed hopper, vibrating screen and sluice runs",
    availability: "rental-only",
    rentalPrice: "$2,500/day",
    salePrice: "Contact for Price",
    specs: [
      { key: "capacity", label: "Capacity", value: "150 tonnes/hour" },
      { key: "recovery", label: "Recovery Rate", value: "Up to 95% of free gold, depending on ore" },
      { key: "powerReq", label: "Power Requirement", value: "75 kW" },
      { key: "waterReq", label: "Water Requirement", value: "350–400 m³/hour" },
      { key: "mobility", label: "Mobility", value: "Skid-mounted modules" },
    ],
    description:
      "A complete modular processing plant for alluvial and weathered ore. Feed hopper, scrubbing, screening and recovery stages arrive pre-wired, with commissioning and operator training included in every rental.",
    features: [
      "Grizzly feed hopper with vibrating screen",
      "Rotary scrubber for clay-bound gravels",
      "Centrifugal concentrators",
      "Lockable gold room sluice section",
      "Water recycling circuit",
      "On-site commissioning and training",
      "Modular skids for truck transport",
    ],
  }),
  machine({
    id: "cat-336-large-excavator",
    name: "CAT 336 Large Excavator",
    category: "excavators",
    imageAlt:
      "Illustration of a large yellow CAT 336 tracked excavator loading with a heavy-duty rock bucket",
    availability: "sale-only",
    rentalPrice: "N/A",
    salePrice: "$320,000",
    specs: [
      { key: "bucketCapacity", label: "Bucket Capacity", value: "1.88 m³" },
      { key: "operatingWeight", label: "Operating Weight", value: "36,400 kg" },
      { key: "enginePower", label: "Engine Power", value: "232 kW (311 hp)" },
      { key: "maxDigDepth", label: "Max Digging Depth", value: "7.5 m" },
    ],
    description:
      "A 36-tonne class production excavator for high-volume pit work and loading 30-40 tonne haul trucks. Offered for outright purchase with full service history and pre-delivery inspection.",
    features: [
      "Cat C9.3B high-output engine",
      "Heavy-duty rock bucket",
      "Reinforced boom and stick",
      "Cat Product Link telematics",
      "Pre-delivery inspection report",
    ],
  }),
  machine({
    id: "john-deere-850k-crawler-dozer",
    name: "John Deere 850K Crawler Dozer",
    category: "bulldozers",
    imageAlt: "Illustration of a John Deere 850K crawler dozer with its blade lowered beside a mound of soil",
    availability: "available",
    rentalPrice: "$1,200/day",
    salePrice: "$380,000",
    specs: [
      { key: "bladeCapacity", label: "Blade Capacity", value: "5.2 m³" },
      { key: "operatingWeight", label: "Operating Weight", value: "21,800 kg" },
      { key: "enginePower", label: "Engine Power", value: "153 kW (205 hp)" },
      {
        key: "transmission",
        label: "Transmission",
        value: "Dual-path hydrostatic",
      },
    ],
    description:
      "A powerful crawler dozer with dual-path hydrostatic drive for full power through turns. Ideal for stripping overburden, pushing feed to wash plants and maintaining haul roads.",
    features: [
      "Dual-path hydrostatic transmission",
      "Power-angle-tilt blade",
      "Automatic load management",
      "Sealed and pressurised cab",
      "JDLink remote monitoring",
      "Ground-level service points",
    ],
  }),
  machine({
    id: "portable-gold-trommel-50tph",
    name: "Portable Gold Trommel 50TPH",
    category: "wash-plants",
    imageAlt: "Illustration of a trailer-mounted gold trommel with a rotating screen drum and sluice",
    availability: "available",
    rentalPrice: "$1,800/day",
    salePrice: "$450,000",
    specs: [
      { key: "capacity", label: "Capacity", value: "50 tonnes/hour" },
      { key: "recovery", label: "Recovery Rate", value: "Up to 92% of free gold, depending on ore" },
      { key: "powerReq", label: "Power Requirement", value: "22 kW" },
      {
        key: "mobility",
        label: "Mobility",
        value: "Trailer-mounted, road-towable",
      },
    ],
    description:
      "A self-contained trommel and sluice plant on a road-towable chassis, designed for bulk sampling, pilot operations and small-scale sites that move between concessions.",
    features: [
      "Rotating trommel drum with spray bars",
      "Twin sluice with expanded-metal riffles",
      "Onboard diesel generator",
      "Set up in under half a day",
      "Hydraulic levelling legs",
    ],
  }),
];
