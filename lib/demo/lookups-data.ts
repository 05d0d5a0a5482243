/**
 * The demo catalogue's lookups and equipment: names in English, German, French and Spanish (proper
 * names such as brands only once). Keys tie the tables together; ids come from the database.
 */
import type { PaletteName } from "./media";

/** A text in the languages the demo writes; French and Spanish are left out where a translator has not been yet. */
export type Text = { en: string; de: string; fr?: string; es?: string };

const t = (en: string, de: string, fr?: string, es?: string): Text => ({ en, de, ...(fr ? { fr } : {}), ...(es ? { es } : {}) });

export const MUSCLE_GROUPS = {
  chest: t("Chest", "Brust", "Pectoraux", "Pecho"),
  upperBack: t("Upper back", "Oberer Rücken", "Haut du dos", "Espalda alta"),
  lats: t("Lats", "Latissimus", "Grand dorsal", "Dorsales"),
  lowerBack: t("Lower back", "Unterer Rücken", "Bas du dos", "Zona lumbar"),
  shoulders: t("Shoulders", "Schultern", "Épaules", "Hombros"),
  biceps: t("Biceps", "Bizeps", "Biceps", "Bíceps"),
  triceps: t("Triceps", "Trizeps", "Triceps", "Tríceps"),
  forearms: t("Forearms", "Unterarme", "Avant-bras", "Antebrazos"),
  abs: t("Abs", "Bauchmuskeln", "Abdominaux", "Abdominales"),
  obliques: t("Obliques", "Seitliche Bauchmuskeln", "Obliques", "Oblicuos"),
  glutes: t("Glutes", "Gesäß", "Fessiers", "Glúteos"),
  quads: t("Quadriceps", "Oberschenkelvorderseite", "Quadriceps", "Cuádriceps"),
  hamstrings: t("Hamstrings", "Oberschenkelrückseite", "Ischio-jambiers", "Isquiotibiales"),
  calves: t("Calves", "Waden", "Mollets", "Gemelos"),
  hipFlexors: t("Hip flexors", "Hüftbeuger", "Fléchisseurs de la hanche", "Flexores de cadera"),
} as const satisfies Record<string, Text>;
export type MuscleKey = keyof typeof MUSCLE_GROUPS;

export const BODY_PARTS = {
  upperBody: t("Upper body", "Oberkörper", "Haut du corps", "Tren superior"),
  lowerBody: t("Lower body", "Unterkörper", "Bas du corps", "Tren inferior"),
  core: t("Core", "Rumpf", "Sangle abdominale", "Zona media"),
  fullBody: t("Full body", "Ganzkörper", "Corps entier", "Cuerpo completo"),
  back: t("Back", "Rücken", "Dos", "Espalda"),
  arms: t("Arms", "Arme", "Bras", "Brazos"),
} as const satisfies Record<string, Text>;
export type BodyPartKey = keyof typeof BODY_PARTS;

export const GOALS = {
  loseWeight: t("Lose weight", "Abnehmen", "Perdre du poids", "Perder peso"),
  buildMuscle: t("Build muscle", "Muskeln aufbauen", "Prendre du muscle", "Ganar músculo"),
  getStronger: t("Get stronger", "Stärker werden", "Gagner en force", "Ganar fuerza"),
  endurance: t("Improve endurance", "Ausdauer verbessern", "Améliorer l'endurance", "Mejorar la resistencia"),
  mobility: t("Move better", "Beweglicher werden", "Mieux bouger", "Moverse mejor"),
  stress: t("Reduce stress", "Stress abbauen", "Réduire le stress", "Reducir el estrés"),
} as const satisfies Record<string, Text>;
export type GoalKey = keyof typeof GOALS;

export const CATEGORIES = {
  strength: t("Strength", "Kraft", "Force", "Fuerza"),
  cardio: t("Cardio", "Ausdauer", "Cardio", "Cardio"),
  hiit: t("HIIT", "HIIT", "HIIT", "HIIT"),
  core: t("Core", "Core-Training", "Gainage", "Core"),
  mobility: t("Mobility", "Mobilität", "Mobilité", "Movilidad"),
  stretching: t("Stretching", "Dehnen", "Étirements", "Estiramientos"),
  yoga: t("Yoga", "Yoga", "Yoga", "Yoga"),
  pilates: t("Pilates", "Pilates", "Pilates", "Pilates"),
  mindfulness: t("Mindfulness", "Achtsamkeit", "Pleine conscience", "Atención plena"),
  running: t("Running", "Laufen", "Course à pied", "Correr"),
} as const satisfies Record<string, Text>;
export type CategoryKey = keyof typeof CATEGORIES;

/** The colours a category's covers get. */
export const CATEGORY_PALETTE: Record<CategoryKey, PaletteName> = {
  strength: "strength",
  cardio: "cardio",
  hiit: "hiit",
  core: "core",
  mobility: "mobility",
  stretching: "mobility",
  yoga: "yoga",
  pilates: "yoga",
  mindfulness: "mindfulness",
  running: "running",
};

export const ACTIVITY_TYPES = {
  running: t("Running", "Laufen", "Course à pied", "Correr"),
  cycling: t("Cycling", "Radfahren", "Vélo", "Ciclismo"),
  swimming: t("Swimming", "Schwimmen", "Natation", "Natación"),
  walking: t("Walking", "Gehen", "Marche", "Caminar"),
  rowing: t("Rowing", "Rudern", "Aviron", "Remo"),
  hiking: t("Hiking", "Wandern", "Randonnée", "Senderismo"),
} as const satisfies Record<string, Text>;

export const PROVIDERS = {
  studio: t("In-house studio", "Hauseigenes Studio", "Studio maison", "Estudio propio"),
  northwind: t("Northwind Motion", "Northwind Motion", "Northwind Motion", "Northwind Motion"),
  kestrel: t("Kestrel Audio Coaching", "Kestrel Audio Coaching", "Kestrel Audio Coaching", "Kestrel Audio Coaching"),
} as const satisfies Record<string, Text>;
export type ProviderKey = keyof typeof PROVIDERS;

export const PACKAGES = {
  basic: {
    name: t("Basic", "Basis", "Essentiel", "Básico"),
    description: t("Included in every membership", "In jeder Mitgliedschaft enthalten", "Inclus dans chaque abonnement", "Incluido en todas las membresías"),
  },
  premium: {
    name: t("Premium", "Premium", "Premium", "Premium"),
    description: t("Every programme and live-recorded class", "Alle Programme und aufgezeichneten Kurse", "Tous les programmes et cours enregistrés", "Todos los programas y clases grabadas"),
  },
  mindBody: {
    name: t("Mind & body", "Körper & Geist", "Corps et esprit", "Cuerpo y mente"),
    description: t("Yoga, mobility and guided relaxation", "Yoga, Mobilität und geführte Entspannung", "Yoga, mobilité et relaxation guidée"),
  },
} as const satisfies Record<string, { name: Text; description: Text }>;
export type PackageKey = keyof typeof PACKAGES;

export const EQUIPMENT_BRANDS = ["Ironvale", "Flexora", "Stride Labs", "Corewell", "Atlas & Oak"] as const;
export type BrandName = (typeof EQUIPMENT_BRANDS)[number];

export const EQUIPMENT_CATEGORIES = {
  freeWeights: t("Free weights", "Freie Gewichte", "Poids libres", "Peso libre"),
  machines: t("Machines", "Maschinen", "Machines", "Máquinas"),
  cardioMachines: t("Cardio machines", "Cardiogeräte", "Appareils de cardio", "Máquinas de cardio"),
  accessories: t("Accessories", "Zubehör", "Accessoires", "Accesorios"),
  mats: t("Mats & recovery", "Matten & Regeneration", "Tapis et récupération", "Esterillas y recuperación"),
} as const satisfies Record<string, Text>;
export type EquipmentCategoryKey = keyof typeof EQUIPMENT_CATEGORIES;

export type EquipmentSpec = { name: Text; description: Text; brand: BrandName; categories: EquipmentCategoryKey[] };

export const EQUIPMENT = {
  dumbbells: {
    name: t("Dumbbells", "Kurzhanteln", "Haltères", "Mancuernas"),
    description: t("Hexagonal rubber dumbbells, 2–30 kg", "Sechskant-Kurzhanteln mit Gummimantel, 2–30 kg", "Haltères hexagonaux en caoutchouc, 2 à 30 kg"),
    brand: "Ironvale",
    categories: ["freeWeights"],
  },
  kettlebell: {
    name: t("Kettlebell", "Kettlebell", "Kettlebell", "Pesa rusa"),
    description: t("Cast-iron kettlebells, 8–32 kg", "Kettlebells aus Gusseisen, 8–32 kg", "Kettlebells en fonte, 8 à 32 kg", "Pesas rusas de hierro fundido, 8–32 kg"),
    brand: "Ironvale",
    categories: ["freeWeights"],
  },
  barbell: {
    name: t("Barbell", "Langhantel", "Barre de musculation", "Barra"),
    description: t("20 kg Olympic bar with bumper plates", "20-kg-Olympiastange mit Bumper Plates", "Barre olympique de 20 kg avec disques", "Barra olímpica de 20 kg con discos"),
    brand: "Atlas & Oak",
    categories: ["freeWeights"],
  },
  bench: {
    name: t("Adjustable bench", "Verstellbare Hantelbank", "Banc réglable", "Banco regulable"),
    description: t("Flat to incline in six steps", "Von flach bis schräg in sechs Stufen", "De plat à incliné en six positions"),
    brand: "Atlas & Oak",
    categories: ["machines", "accessories"],
  },
  pullUpBar: {
    name: t("Pull-up bar", "Klimmzugstange", "Barre de traction", "Barra de dominadas"),
    description: t("Wall-mounted, with neutral grips", "Wandmontage, mit neutralen Griffen", "Fixation murale, prises neutres", "De pared, con agarres neutros"),
    brand: "Atlas & Oak",
    categories: ["accessories"],
  },
  band: {
    name: t("Resistance band", "Widerstandsband", "Bande élastique", "Banda elástica"),
    description: t("Loop bands in four strengths", "Loop-Bänder in vier Stärken", "Bandes en boucle, quatre résistances", "Bandas de cuatro resistencias"),
    brand: "Flexora",
    categories: ["accessories"],
  },
  mat: {
    name: t("Yoga mat", "Yogamatte", "Tapis de yoga", "Esterilla de yoga"),
    description: t("6 mm non-slip mat", "Rutschfeste Matte, 6 mm", "Tapis antidérapant de 6 mm", "Esterilla antideslizante de 6 mm"),
    brand: "Flexora",
    categories: ["mats"],
  },
  foamRoller: {
    name: t("Foam roller", "Faszienrolle", "Rouleau de massage", "Rodillo de espuma"),
    description: t("Medium-density roller for recovery", "Mittelharte Rolle für die Regeneration", "Rouleau de densité moyenne pour la récupération"),
    brand: "Corewell",
    categories: ["mats"],
  },
  jumpRope: {
    name: t("Jump rope", "Springseil", "Corde à sauter", "Comba"),
    description: t("Adjustable speed rope with bearings", "Verstellbares Speed-Seil mit Kugellagern", "Corde de vitesse réglable à roulements", "Comba de velocidad ajustable"),
    brand: "Stride Labs",
    categories: ["accessories"],
  },
  medicineBall: {
    name: t("Medicine ball", "Medizinball", "Médecine-ball", "Balón medicinal"),
    description: t("Soft-shell slam ball, 4–10 kg", "Slamball mit weicher Hülle, 4–10 kg", "Balle lestée à coque souple, 4 à 10 kg"),
    brand: "Corewell",
    categories: ["freeWeights"],
  },
  plyoBox: {
    name: t("Plyo box", "Sprungbox", "Box de pliométrie", "Cajón pliométrico"),
    description: t("Foam box with three heights: 50, 60 and 75 cm", "Schaumstoffbox mit drei Höhen: 50, 60 und 75 cm", "Box en mousse, trois hauteurs : 50, 60 et 75 cm", "Cajón de espuma con tres alturas: 50, 60 y 75 cm"),
    brand: "Atlas & Oak",
    categories: ["accessories"],
  },
  rower: {
    name: t("Rowing machine", "Rudergerät", "Rameur", "Máquina de remo"),
    description: t("Air rower with performance monitor", "Luftrudergerät mit Leistungsanzeige", "Rameur à air avec moniteur de performance", "Remo de aire con monitor de rendimiento"),
    brand: "Stride Labs",
    categories: ["cardioMachines"],
  },
  bike: {
    name: t("Indoor bike", "Indoor-Bike", "Vélo d'intérieur", "Bicicleta indoor"),
    description: t("Magnetic resistance, 32 levels", "Magnetbremse, 32 Stufen", "Résistance magnétique, 32 niveaux"),
    brand: "Stride Labs",
    categories: ["cardioMachines"],
  },
  treadmill: {
    name: t("Treadmill", "Laufband", "Tapis de course", "Cinta de correr"),
    description: t("Up to 20 km/h and 15 % incline", "Bis 20 km/h und 15 % Steigung", "Jusqu'à 20 km/h et 15 % d'inclinaison", "Hasta 20 km/h y 15 % de inclinación"),
    brand: "Stride Labs",
    categories: ["cardioMachines", "machines"],
  },
  cableMachine: {
    name: t("Cable machine", "Kabelzug", "Poulie", "Máquina de poleas"),
    description: t("Dual adjustable pulleys", "Zwei verstellbare Seilzüge", "Double poulie réglable"),
    brand: "Ironvale",
    categories: ["machines"],
  },
} as const satisfies Record<string, EquipmentSpec>;
export type EquipmentKey = keyof typeof EQUIPMENT;

export type InstructorSpec = { key: string; name: string; gender: "male" | "female" | "duo"; palette: PaletteName };

export const INSTRUCTORS = [
  { key: "jonas", name: "Jonas Reiter", gender: "male", palette: "strength" },
  { key: "amelie", name: "Amélie Roux", gender: "female", palette: "yoga" },
  { key: "lucia", name: "Lucía Ortega", gender: "female", palette: "hiit" },
  { key: "sam", name: "Sam Okafor", gender: "male", palette: "running" },
  { key: "priya", name: "Priya Natarajan", gender: "female", palette: "mindfulness" },
  { key: "bergs", name: "Tom & Lena Berg", gender: "duo", palette: "core" },
] as const satisfies readonly InstructorSpec[];
export type InstructorKey = (typeof INSTRUCTORS)[number]["key"];

/** Words drawn onto covers (an image has one language: the organization's default). */
export const COVER_LABELS = {
  levels: {
    beginner: t("Beginner", "Einsteiger", "Débutant", "Principiante"),
    intermediate: t("Intermediate", "Fortgeschritten", "Intermédiaire", "Intermedio"),
    advanced: t("Advanced", "Profi", "Avancé", "Avanzado"),
  },
  weeks: t("weeks", "Wochen", "semaines", "semanas"),
  trainingPlan: t("Training plan", "Trainingsplan", "Programme", "Plan de entrenamiento"),
  exercise: t("Exercise", "Übung", "Exercice", "Ejercicio"),
  equipment: t("Equipment", "Ausrüstung", "Équipement", "Equipamiento"),
  "virtual-class": t("Virtual class", "Videokurs", "Cours vidéo", "Clase en vídeo"),
  "audio-workout": t("Audio workout", "Audio-Training", "Séance audio", "Entrenamiento de audio"),
  withInstructor: t("with", "mit", "avec", "con"),
} as const;
