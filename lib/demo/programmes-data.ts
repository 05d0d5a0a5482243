/**
 * The demo's workouts, training plans and on-demand items: what each is about, in which languages it
 * is written and published. How a workout's items and a plan's weeks are laid out is composition
 * (compose.ts), not data.
 */
import type { WorkoutItemType } from "@/lib/workouts/phases";
import type { BodyPartKey, CategoryKey, EquipmentKey, GoalKey, InstructorKey, PackageKey, ProviderKey, Text } from "./lookups-data";

/**
 * How far a record is released (docs/api.md "Publishing"): `all` publishes every language whose texts are
 * complete; `withdrawn-de` is published, then taken back in German; `unpublished` was published and
 * taken offline everywhere; `draft` was never published.
 */
export type Release = "draft" | "default" | "default+de" | "all" | "withdrawn-de" | "unpublished";

export const PHASE_TITLES = {
  "warm-up": { en: "Warm-up", de: "Aufwärmen", fr: "Échauffement", es: "Calentamiento" },
  training: { en: "Main set", de: "Hauptteil", fr: "Séance principale", es: "Parte principal" },
  "cool-down": { en: "Cool-down", de: "Cool-down", fr: "Retour au calme", es: "Vuelta a la calma" },
} as const satisfies Record<string, Text>;

export const TIMER_TITLES = {
  mobilise: { en: "Joint mobilisation", de: "Gelenke mobilisieren", fr: "Mobilisation articulaire", es: "Movilidad articular" },
  easyCardio: { en: "Easy cardio", de: "Locker einlaufen", fr: "Cardio léger", es: "Cardio suave" },
  breathe: { en: "Breathe and recover", de: "Durchatmen und erholen", fr: "Respirer et récupérer", es: "Respirar y recuperarse" },
  stretch: { en: "Free stretching", de: "Freies Dehnen", fr: "Étirements libres", es: "Estiramientos libres" },
  transition: { en: "Set up your equipment", de: "Geräte vorbereiten", fr: "Préparez votre matériel", es: "Prepara tu material" },
} as const satisfies Record<string, Text>;
export type TimerKey = keyof typeof TIMER_TITLES;

export const ITEM_NOTES = {
  steady: { en: "Keep a steady pace", de: "Halte ein gleichmäßiges Tempo", fr: "Gardez un rythme régulier", es: "Mantén un ritmo constante" },
  quality: { en: "Quality before speed", de: "Technik vor Tempo", fr: "La qualité avant la vitesse", es: "Calidad antes que velocidad" },
  load: { en: "Pick a load that makes the last two reps hard but clean", de: "Wähle ein Gewicht, bei dem die letzten zwei Wiederholungen schwer, aber sauber sind", fr: "Choisissez une charge qui rend les deux dernières répétitions dures mais propres", es: "Elige un peso con el que las dos últimas repeticiones cuesten, pero salgan limpias" },
  allOut: { en: "All out during work, full rest during rest", de: "Volle Power in der Belastung, volle Pause in der Pause", fr: "À fond pendant l'effort, repos complet pendant la pause", es: "A tope en el trabajo, descanso total en la pausa" },
  count: { en: "Count your rounds and try to beat them next time", de: "Zähle deine Runden und versuche sie beim nächsten Mal zu übertreffen", fr: "Comptez vos tours et battez-les la prochaine fois", es: "Cuenta tus rondas e intenta superarlas la próxima vez" },
  clock: { en: "Start every minute on the clock; rest for what is left of it", de: "Starte jede Minute pünktlich; der Rest der Minute ist Pause", fr: "Démarrez chaque minute à l'heure ; le reste de la minute est du repos", es: "Empieza cada minuto en punto; lo que sobre es descanso" },
  forTime: { en: "Finish as fast as you can with good form", de: "So schnell wie möglich, aber mit sauberer Technik", fr: "Terminez le plus vite possible, technique propre", es: "Termina lo antes posible con buena técnica" },
} as const satisfies Record<string, Text>;
export type NoteKey = keyof typeof ITEM_NOTES;

export type ItemRecipe = { type: Exclude<WorkoutItemType, "TIMER">; exercises: string[]; note?: NoteKey } | { type: "TIMER"; timer: TimerKey; minutes: number; note?: NoteKey };

export type WorkoutSpec = {
  key: string;
  title: Text;
  description: Text;
  level: "beginner" | "intermediate" | "advanced";
  gender: "male" | "female" | "non-binary";
  locations: ("home" | "club" | "outdoor")[];
  goals: GoalKey[];
  bodyParts: BodyPartKey[];
  types: CategoryKey[];
  packages: PackageKey[];
  warmUp: ItemRecipe[];
  training: ItemRecipe[];
  coolDown: ItemRecipe[];
  release: Release;
  template?: boolean;
};

const mobiliseTimer: ItemRecipe = { type: "TIMER", timer: "mobilise", minutes: 4 };
const easyCardioTimer: ItemRecipe = { type: "TIMER", timer: "easyCardio", minutes: 5, note: "steady" };
const stretchTimer: ItemRecipe = { type: "TIMER", timer: "stretch", minutes: 5 };
const breatheTimer: ItemRecipe = { type: "TIMER", timer: "breathe", minutes: 2 };

export const WORKOUTS: WorkoutSpec[] = [
  {
    key: "fullBodyStarter",
    title: { en: "Full-body starter", de: "Ganzkörper für Einsteiger", fr: "Corps entier pour débutants", es: "Cuerpo completo para principiantes" },
    description: {
      en: "Your first full-body session: simple moves, clear rests, no equipment beyond a mat.",
      de: "Deine erste Ganzkörpereinheit: einfache Übungen, klare Pausen, nur eine Matte nötig.",
      fr: "Votre première séance complète : mouvements simples, pauses claires, un tapis suffit.",
      es: "Tu primera sesión de cuerpo completo: ejercicios sencillos, descansos claros y solo una esterilla.",
    },
    level: "beginner", gender: "female", locations: ["home"], goals: ["loseWeight", "getStronger"], bodyParts: ["fullBody"], types: ["strength"], packages: ["basic"],
    warmUp: [mobiliseTimer], training: [{ type: "SINGLE-EXERCISES", exercises: ["squat", "kneePushUp", "gluteBridge"], note: "quality" }, { type: "SUPERSET", exercises: ["reverseLunge", "deadBug"] }], coolDown: [stretchTimer],
    release: "all",
  },
  {
    key: "tabata",
    title: { en: "Tabata burner", de: "Tabata-Brenner", fr: "Tabata brûle-graisses", es: "Tabata quemagrasa" },
    description: {
      en: "Four moves, twenty seconds on, ten seconds off. Short, sharp and sweaty.",
      de: "Vier Übungen, zwanzig Sekunden Belastung, zehn Sekunden Pause. Kurz, knackig, schweißtreibend.",
    },
    level: "intermediate", gender: "non-binary", locations: ["home", "outdoor"], goals: ["loseWeight", "endurance"], bodyParts: ["fullBody"], types: ["hiit"], packages: ["premium"],
    warmUp: [easyCardioTimer], training: [{ type: "CIRCUIT-TIME", exercises: ["jumpSquat", "mountainClimber", "burpee", "highKnees"], note: "allOut" }], coolDown: [breatheTimer],
    release: "default+de",
  },
  {
    key: "coreCircuit",
    title: { en: "Core circuit", de: "Core-Zirkel", fr: "Circuit gainage", es: "Circuito de core" },
    description: {
      en: "Three rounds for a strong, stable middle — front, sides and back.",
      de: "Drei Runden für eine starke, stabile Körpermitte – vorn, seitlich und hinten.",
      fr: "Trois tours pour une sangle abdominale forte et stable : devant, côtés et dos.",
      es: "Tres rondas para una zona media fuerte y estable: delante, lados y espalda.",
    },
    level: "beginner", gender: "female", locations: ["home", "club"], goals: ["getStronger"], bodyParts: ["core"], types: ["core"], packages: ["basic"],
    warmUp: [mobiliseTimer], training: [{ type: "CIRCUIT-REPETITIONS", exercises: ["deadBug", "bicycleCrunch", "superman", "birdDog"], note: "quality" }], coolDown: [stretchTimer],
    release: "all",
  },
  {
    key: "amrap20",
    title: { en: "20-minute AMRAP", de: "20-Minuten-AMRAP", fr: "AMRAP de 20 minutes", es: "AMRAP de 20 minutos" },
    description: {
      en: "As many rounds as possible in twenty minutes. Pace yourself — the clock does not stop.",
      de: "So viele Runden wie möglich in zwanzig Minuten. Teil dir die Kraft ein – die Uhr läuft weiter.",
    },
    level: "intermediate", gender: "male", locations: ["club"], goals: ["endurance", "loseWeight"], bodyParts: ["fullBody"], types: ["hiit", "strength"], packages: ["premium"],
    warmUp: [easyCardioTimer, mobiliseTimer], training: [{ type: "AMRAP", exercises: ["thruster", "pushUp", "kettlebellSwing"], note: "count" }], coolDown: [stretchTimer],
    release: "default+de",
  },
  {
    key: "fiveRounds",
    title: { en: "Five rounds for time", de: "Fünf Runden auf Zeit", fr: "Cinq tours chronométrés", es: "Cinco rondas contrarreloj" },
    description: {
      en: "Five rounds of three moves. Write down your time and come back to beat it.",
      de: "Fünf Runden mit drei Übungen. Notier deine Zeit und schlag sie beim nächsten Mal.",
      fr: "Cinq tours de trois exercices. Notez votre temps et revenez le battre.",
    },
    level: "intermediate", gender: "female", locations: ["club", "home"], goals: ["endurance"], bodyParts: ["fullBody", "lowerBody"], types: ["hiit"], packages: ["premium"],
    warmUp: [easyCardioTimer], training: [{ type: "RFT", exercises: ["burpee", "gobletSquat", "mountainClimber"], note: "forTime" }], coolDown: [breatheTimer, stretchTimer],
    release: "default+de",
  },
  {
    key: "emomPower",
    title: { en: "Kettlebell EMOM", de: "Kettlebell-EMOM", fr: "EMOM kettlebell", es: "EMOM con pesa rusa" },
    description: {
      en: "Every minute on the minute for twelve minutes: swings, push-ups and goblet squats in turn.",
      de: "Zwölf Minuten lang jede volle Minute: Swings, Liegestütze und Goblet Squats im Wechsel.",
    },
    level: "intermediate", gender: "male", locations: ["club", "home"], goals: ["getStronger", "endurance"], bodyParts: ["fullBody"], types: ["strength", "hiit"], packages: ["premium"],
    warmUp: [mobiliseTimer], training: [{ type: "EMOM", exercises: ["kettlebellSwing", "pushUp", "gobletSquat"], note: "clock" }], coolDown: [stretchTimer],
    release: "default",
  },
  {
    key: "dumbbellUpper",
    title: { en: "Dumbbell upper body", de: "Oberkörper mit Kurzhanteln", fr: "Haut du corps aux haltères", es: "Tren superior con mancuernas" },
    description: {
      en: "Press, row and curl: a balanced upper-body session with a pair of dumbbells and a bench.",
      de: "Drücken, Rudern, Curlen: eine ausgewogene Oberkörpereinheit mit zwei Kurzhanteln und einer Bank.",
      fr: "Pousser, tirer, fléchir : une séance équilibrée du haut du corps avec deux haltères et un banc.",
      es: "Empujar, remar y flexionar: una sesión equilibrada de tren superior con mancuernas y banco.",
    },
    level: "intermediate", gender: "male", locations: ["home", "club"], goals: ["buildMuscle", "getStronger"], bodyParts: ["upperBody", "arms"], types: ["strength"], packages: ["basic", "premium"],
    warmUp: [mobiliseTimer], training: [{ type: "SINGLE-EXERCISES", exercises: ["dumbbellBenchPress", "dumbbellRow", "shoulderPress"], note: "load" }, { type: "SUPERSET", exercises: ["bicepsCurl", "lateralRaise"] }], coolDown: [stretchTimer],
    release: "all",
  },
  {
    key: "legDay",
    title: { en: "Leg day", de: "Beintag", fr: "Journée jambes", es: "Día de piernas" },
    description: {
      en: "Heavy squats and hinges first, then a burning finisher for legs that carry you everywhere.",
      de: "Erst schwere Kniebeugen und Hüftstreckung, dann ein brennendes Finish für starke Beine.",
    },
    level: "advanced", gender: "female", locations: ["club"], goals: ["buildMuscle", "getStronger"], bodyParts: ["lowerBody"], types: ["strength"], packages: ["premium"],
    warmUp: [easyCardioTimer, mobiliseTimer], training: [{ type: "SINGLE-EXERCISES", exercises: ["backSquat", "romanianDeadlift"], note: "load" }, { type: "CIRCUIT-REPETITIONS", exercises: ["lunge", "calfRaise", "wallSit"] }], coolDown: [stretchTimer],
    release: "default+de",
  },
  {
    key: "morningMobility",
    title: { en: "Morning mobility", de: "Mobilität am Morgen", fr: "Mobilité du matin", es: "Movilidad matinal" },
    description: {
      en: "Ten gentle minutes to wake up your spine, hips and shoulders.",
      de: "Zehn sanfte Minuten, die Wirbelsäule, Hüfte und Schultern aufwecken.",
      fr: "Dix minutes douces pour réveiller colonne, hanches et épaules.",
      es: "Diez minutos suaves para despertar columna, caderas y hombros.",
    },
    level: "beginner", gender: "non-binary", locations: ["home", "outdoor"], goals: ["mobility", "stress"], bodyParts: ["back", "fullBody"], types: ["mobility"], packages: ["basic", "mindBody"],
    warmUp: [breatheTimer], training: [{ type: "CIRCUIT-TIME", exercises: ["catCow", "worldsGreatestStretch", "armCircles", "birdDog"], note: "steady" }], coolDown: [breatheTimer],
    release: "all",
  },
  {
    key: "hiitCardio",
    title: { en: "HIIT cardio blast", de: "HIIT-Cardio-Power", fr: "Explosion cardio HIIT", es: "Explosión cardio HIIT" },
    description: {
      en: "Intervals on the rope and the box, then a slam-ball finisher. Still in the making.",
      de: "Intervalle mit Seil und Box, danach ein Slamball-Finish. Noch in Arbeit.",
    },
    level: "advanced", gender: "male", locations: ["club"], goals: ["loseWeight", "endurance"], bodyParts: ["fullBody"], types: ["hiit", "cardio"], packages: ["premium"],
    warmUp: [easyCardioTimer], training: [{ type: "CIRCUIT-TIME", exercises: ["jumpingJack", "highKnees", "jumpRope", "boxJump"], note: "allOut" }, { type: "RFT", exercises: ["ballSlam", "burpee"], note: "forTime" }], coolDown: [breatheTimer],
    release: "draft",
  },
  {
    key: "backPosture",
    title: { en: "Back & posture", de: "Rücken & Haltung", fr: "Dos et posture", es: "Espalda y postura" },
    description: {
      en: "Pulling strength and upper-back endurance for desk days.",
      de: "Zugkraft und Ausdauer für den oberen Rücken – gemacht für Bürotage.",
      fr: "Force de tirage et endurance du haut du dos pour les journées au bureau.",
    },
    level: "intermediate", gender: "female", locations: ["club"], goals: ["getStronger", "mobility"], bodyParts: ["back", "upperBody"], types: ["strength"], packages: ["premium"],
    warmUp: [mobiliseTimer], training: [{ type: "SUPERSET", exercises: ["bandPullApart", "superman"] }, { type: "SINGLE-EXERCISES", exercises: ["pullUp", "cableFacePull"], note: "quality" }], coolDown: [stretchTimer],
    release: "unpublished",
  },
  {
    key: "fiveByFive",
    title: { en: "5×5 strength template", de: "5×5-Kraftvorlage", fr: "Modèle de force 5×5", es: "Plantilla de fuerza 5×5" },
    description: {
      en: "A template for coaches: five sets of five on the big barbell lifts. Copy it and set the loads.",
      de: "Eine Vorlage für Trainer: fünf Sätze à fünf Wiederholungen bei den großen Langhantelübungen. Kopieren und Gewichte eintragen.",
    },
    level: "advanced", gender: "male", locations: ["club"], goals: ["getStronger"], bodyParts: ["fullBody"], types: ["strength"], packages: [],
    warmUp: [{ type: "TIMER", timer: "transition", minutes: 3 }, mobiliseTimer], training: [{ type: "SINGLE-EXERCISES", exercises: ["backSquat", "benchPress", "deadlift"], note: "load" }], coolDown: [stretchTimer],
    release: "draft", template: true,
  },
  {
    key: "pilatesCore",
    title: { en: "Pilates core", de: "Pilates für die Körpermitte", fr: "Pilates centre du corps", es: "Pilates para el core" },
    description: {
      en: "Controlled, breath-led core work in the Pilates tradition.",
      de: "Kontrolliertes, atemgeführtes Training der Körpermitte nach Pilates.",
      fr: "Un travail du centre contrôlé et guidé par la respiration, dans l'esprit Pilates.",
      es: "Trabajo de core controlado y guiado por la respiración, al estilo Pilates.",
    },
    level: "intermediate", gender: "female", locations: ["home"], goals: ["getStronger", "mobility"], bodyParts: ["core"], types: ["pilates", "core"], packages: ["mindBody"],
    warmUp: [breatheTimer], training: [{ type: "CIRCUIT-REPETITIONS", exercises: ["hundred", "deadBug", "sidePlank", "birdDog"], note: "quality" }], coolDown: [stretchTimer],
    release: "withdrawn-de",
  },
  {
    key: "runnersStrength",
    title: { en: "Strength for runners", de: "Krafttraining für Läufer", fr: "Renforcement pour coureurs", es: "Fuerza para corredores" },
    description: {
      en: "Single-leg strength and springy calves: the strength work that keeps runners running.",
      de: "Kraft auf einem Bein und federnde Waden: das Krafttraining, das Läufer gesund hält.",
      fr: "Force unilatérale et mollets toniques : le renforcement qui garde les coureurs en forme.",
    },
    level: "beginner", gender: "non-binary", locations: ["home", "outdoor"], goals: ["endurance", "getStronger"], bodyParts: ["lowerBody", "core"], types: ["strength", "running"], packages: ["basic"],
    warmUp: [easyCardioTimer], training: [{ type: "SINGLE-EXERCISES", exercises: ["lunge", "calfRaise", "gluteBridge"] }, { type: "EMOM", exercises: ["jumpSquat", "plank"], note: "clock" }], coolDown: [stretchTimer],
    release: "default+de",
  },
  {
    key: "recoveryFlow",
    title: { en: "Recovery flow", de: "Regenerations-Flow", fr: "Flow de récupération", es: "Flujo de recuperación" },
    description: {
      en: "Long holds and slow rolling for the day after a hard session.",
      de: "Lange Dehnpositionen und langsames Rollen für den Tag nach einer harten Einheit.",
      fr: "Postures tenues et massage lent pour le lendemain d'une séance intense.",
      es: "Posturas largas y rodillo lento para el día después de una sesión dura.",
    },
    level: "beginner", gender: "female", locations: ["home"], goals: ["mobility", "stress"], bodyParts: ["fullBody", "back"], types: ["stretching", "mobility"], packages: ["basic", "mindBody"],
    warmUp: [breatheTimer], training: [{ type: "SINGLE-EXERCISES", exercises: ["childsPose", "downwardDog", "hipFlexorStretch", "hamstringStretch", "foamRollBack"] }], coolDown: [breatheTimer],
    release: "all",
  },
];

export type OnDemandSpec = {
  key: string;
  type: "virtual-class" | "audio-workout";
  title: Text;
  description: Text;
  instructor: InstructorKey;
  categories: CategoryKey[];
  goals: GoalKey[];
  equipment: EquipmentKey[];
  level: "beginner" | "intermediate" | "advanced";
  duration: "0-15" | "16-30" | "31-45" | "46-60" | "61+";
  /** The languages the recording itself is in. */
  languages: string[];
  provider: ProviderKey;
  packages: PackageKey[];
  release: Release;
};

export const ON_DEMAND: OnDemandSpec[] = [
  {
    key: "powerYoga", type: "virtual-class",
    title: { en: "Power yoga flow", de: "Power-Yoga-Flow", fr: "Flow de power yoga", es: "Flujo de power yoga" },
    description: {
      en: "A strong, sweaty vinyasa that builds to a long hold in warrior three.",
      de: "Ein kraftvoller Vinyasa, der sich bis zu einer langen Haltung im Krieger III steigert.",
      fr: "Un vinyasa dynamique qui culmine dans une longue tenue du guerrier III.",
      es: "Un vinyasa intenso que culmina con una larga postura de guerrero III.",
    },
    instructor: "amelie", categories: ["yoga", "mobility"], goals: ["mobility", "stress"], equipment: ["mat"], level: "intermediate", duration: "31-45", languages: ["en"], provider: "studio", packages: ["mindBody"], release: "all",
  },
  {
    key: "pilatesClass", type: "virtual-class",
    title: { en: "Pilates mat class", de: "Pilates auf der Matte", fr: "Cours de Pilates au sol", es: "Clase de Pilates en esterilla" },
    description: {
      en: "Classical mat Pilates with Tom and Lena: precise, flowing and demanding.",
      de: "Klassisches Matten-Pilates mit Tom und Lena: präzise, fließend und fordernd.",
    },
    instructor: "bergs", categories: ["pilates", "core"], goals: ["getStronger", "mobility"], equipment: ["mat"], level: "intermediate", duration: "16-30", languages: ["en", "de"], provider: "studio", packages: ["premium", "mindBody"], release: "default+de",
  },
  {
    key: "hiit30", type: "virtual-class",
    title: { en: "HIIT 30", de: "HIIT 30", fr: "HIIT 30", es: "HIIT 30" },
    description: {
      en: "Thirty minutes of intervals with Lucía. No equipment, no mercy, lots of fun.",
      de: "Dreißig Minuten Intervalle mit Lucía. Ohne Geräte, ohne Gnade, mit viel Spaß.",
      fr: "Trente minutes d'intervalles avec Lucía. Sans matériel, sans pitié, avec le sourire.",
      es: "Treinta minutos de intervalos con Lucía. Sin material, sin piedad y con mucha diversión.",
    },
    instructor: "lucia", categories: ["hiit", "cardio"], goals: ["loseWeight", "endurance"], equipment: [], level: "advanced", duration: "16-30", languages: ["en", "es"], provider: "northwind", packages: ["premium"], release: "all",
  },
  {
    key: "kettlebellBasics", type: "virtual-class",
    title: { en: "Kettlebell basics", de: "Kettlebell-Grundlagen", fr: "Les bases de la kettlebell", es: "Fundamentos de pesa rusa" },
    description: {
      en: "Learn the swing, the goblet squat and the get-up step by step with Jonas.",
      de: "Lerne Swing, Goblet Squat und Get-up Schritt für Schritt mit Jonas.",
    },
    instructor: "jonas", categories: ["strength"], goals: ["getStronger"], equipment: ["kettlebell"], level: "beginner", duration: "16-30", languages: ["en", "de"], provider: "studio", packages: ["basic"], release: "default+de",
  },
  {
    key: "eveningStretch", type: "virtual-class",
    title: { en: "Evening stretch", de: "Dehnen am Abend", fr: "Étirements du soir", es: "Estiramientos de noche" },
    description: {
      en: "Fifteen quiet minutes on the mat to let the day go.",
      de: "Fünfzehn ruhige Minuten auf der Matte, um den Tag loszulassen.",
      fr: "Quinze minutes calmes sur le tapis pour laisser filer la journée.",
      es: "Quince minutos tranquilos en la esterilla para soltar el día.",
    },
    instructor: "priya", categories: ["stretching", "mobility"], goals: ["mobility", "stress"], equipment: ["mat"], level: "beginner", duration: "0-15", languages: ["en"], provider: "studio", packages: ["basic", "mindBody"], release: "all",
  },
  {
    key: "spinIntervals", type: "virtual-class",
    title: { en: "Indoor cycling intervals", de: "Indoor-Cycling-Intervalle", fr: "Intervalles de vélo d'intérieur", es: "Intervalos de ciclo indoor" },
    description: {
      en: "Climbs, sprints and a long steady finish on the bike. Recording still being edited.",
      de: "Anstiege, Sprints und ein langes gleichmäßiges Finale auf dem Rad. Die Aufnahme wird noch geschnitten.",
    },
    instructor: "sam", categories: ["cardio"], goals: ["endurance", "loseWeight"], equipment: ["bike"], level: "intermediate", duration: "46-60", languages: ["en"], provider: "northwind", packages: ["premium"], release: "draft",
  },
  {
    key: "guided5k", type: "audio-workout",
    title: { en: "Guided 5K run", de: "Geführter 5-km-Lauf", fr: "Course de 5 km guidée", es: "Carrera guiada de 5 km" },
    description: {
      en: "Sam talks you through five kilometres: warm-up, steady middle, strong finish.",
      de: "Sam begleitet dich über fünf Kilometer: Aufwärmen, gleichmäßiger Mittelteil, starkes Finish.",
      fr: "Sam vous accompagne sur cinq kilomètres : échauffement, milieu régulier, final en force.",
      es: "Sam te acompaña durante cinco kilómetros: calentamiento, parte central constante y final fuerte.",
    },
    instructor: "sam", categories: ["running", "cardio"], goals: ["endurance"], equipment: [], level: "intermediate", duration: "31-45", languages: ["en", "de"], provider: "kestrel", packages: ["basic"], release: "all",
  },
  {
    key: "treadmillIntervals", type: "audio-workout",
    title: { en: "Treadmill intervals", de: "Laufband-Intervalle", fr: "Fractionné sur tapis de course", es: "Intervalos en cinta" },
    description: {
      en: "Eight fast minutes hidden in a twenty-five-minute run. Sam tells you when.",
      de: "Acht schnelle Minuten, versteckt in einem Lauf von fünfundzwanzig Minuten. Sam sagt dir, wann.",
    },
    instructor: "sam", categories: ["running"], goals: ["endurance", "loseWeight"], equipment: ["treadmill"], level: "intermediate", duration: "16-30", languages: ["en"], provider: "kestrel", packages: ["premium"], release: "default",
  },
  {
    key: "breatheReset", type: "audio-workout",
    title: { en: "Breathe & reset", de: "Atmen & zur Ruhe kommen", fr: "Respirer et se recentrer", es: "Respira y recarga" },
    description: {
      en: "A ten-minute guided breathing practice for busy days.",
      de: "Eine zehnminütige geführte Atemübung für volle Tage.",
      fr: "Une pratique de respiration guidée de dix minutes pour les journées chargées.",
      es: "Una práctica de respiración guiada de diez minutos para días intensos.",
    },
    instructor: "priya", categories: ["mindfulness"], goals: ["stress"], equipment: [], level: "beginner", duration: "0-15", languages: ["en", "de", "fr"], provider: "kestrel", packages: ["mindBody"], release: "all",
  },
  {
    key: "powerWalk", type: "audio-workout",
    title: { en: "30-minute power walk", de: "30 Minuten flottes Gehen", fr: "30 minutes de marche active", es: "30 minutos de marcha rápida" },
    description: {
      en: "A brisk walk with pace changes and posture cues from Lucía.",
      de: "Ein flotter Spaziergang mit Tempowechseln und Haltungstipps von Lucía.",
      fr: "Une marche rapide avec changements d'allure et conseils de posture de Lucía.",
      es: "Una caminata rápida con cambios de ritmo y consejos de postura de Lucía.",
    },
    instructor: "lucia", categories: ["cardio"], goals: ["loseWeight", "endurance"], equipment: [], level: "beginner", duration: "16-30", languages: ["es", "en"], provider: "kestrel", packages: ["basic"], release: "withdrawn-de",
  },
];

/** A day of a plan as the generator lays it out: workouts and on-demand items by key, fitness activities by kind. */
export type PlanActivity = { workout: string } | { onDemand: string } | { fitness: FitnessKind };
export type FitnessKind = "runWalk" | "easyRun" | "longRun" | "brisk" | "ride";

export const FITNESS_ACTIVITIES: Record<FitnessKind, { title: Text; description: (minutes: number, kilometres: number) => Text; paceSeconds: number }> = {
  runWalk: {
    title: { en: "Run/walk intervals", de: "Lauf-Geh-Intervalle", fr: "Intervalles course/marche", es: "Intervalos de carrera y caminata" },
    description: (minutes) => ({
      en: `Run ${minutes} min, walk 90 s; repeat until the time is up`,
      de: `${minutes} Min. laufen, 90 s gehen; wiederholen, bis die Zeit um ist`,
      fr: `Courez ${minutes} min, marchez 90 s ; répétez jusqu'à la fin`,
      es: `Corre ${minutes} min, camina 90 s; repite hasta terminar`,
    }),
    paceSeconds: 480,
  },
  easyRun: {
    title: { en: "Easy run", de: "Lockerer Dauerlauf", fr: "Footing facile", es: "Carrera suave" },
    description: (_minutes, kilometres) => ({
      en: `${kilometres} km at a pace you can still talk at`,
      de: `${kilometres} km in einem Tempo, bei dem du dich noch unterhalten kannst`,
      fr: `${kilometres} km à une allure où vous pouvez parler`,
      es: `${kilometres} km a un ritmo que te permita hablar`,
    }),
    paceSeconds: 390,
  },
  longRun: {
    title: { en: "Long run", de: "Langer Lauf", fr: "Sortie longue", es: "Tirada larga" },
    description: (_minutes, kilometres) => ({
      en: `${kilometres} km, slower than you think`,
      de: `${kilometres} km, langsamer als du denkst`,
      fr: `${kilometres} km, plus lentement que vous ne le pensez`,
      es: `${kilometres} km, más despacio de lo que crees`,
    }),
    paceSeconds: 420,
  },
  brisk: {
    title: { en: "Brisk walk", de: "Zügiger Spaziergang", fr: "Marche rapide", es: "Caminata rápida" },
    description: (minutes) => ({
      en: `${minutes} minutes outdoors, arms swinging`,
      de: `${minutes} Minuten draußen, mit Armschwung`,
      fr: `${minutes} minutes dehors, en balançant les bras`,
      es: `${minutes} minutos al aire libre, moviendo los brazos`,
    }),
    paceSeconds: 660,
  },
  ride: {
    title: { en: "Easy bike ride", de: "Lockere Radtour", fr: "Sortie vélo tranquille", es: "Paseo suave en bici" },
    description: (minutes) => ({
      en: `${minutes} minutes in an easy gear`,
      de: `${minutes} Minuten in einem leichten Gang`,
      fr: `${minutes} minutes sur un petit braquet`,
      es: `${minutes} minutos con un desarrollo suave`,
    }),
    paceSeconds: 150,
  },
};

export type PlanSpec = {
  key: string;
  title: Text;
  description: Text;
  level: "beginner" | "intermediate" | "advanced";
  locations: ("home" | "club" | "outdoor")[];
  goals: GoalKey[];
  types: CategoryKey[];
  packages: PackageKey[];
  weeks: number;
  /** Week index (0-based) → days; `null` is a rest day. */
  week: (index: number) => (PlanActivity[] | null)[];
  /** Weeks given as rest weeks (no activities). */
  restWeeks?: number[];
  release: Release;
};

export const PLANS: PlanSpec[] = [
  {
    key: "couchTo5k",
    title: { en: "Couch to 5K", de: "Von der Couch zum 5-km-Lauf", fr: "Du canapé au 5 km", es: "Del sofá a los 5 km" },
    description: {
      en: "Six weeks from your first run/walk intervals to five kilometres without stopping.",
      de: "Sechs Wochen von den ersten Lauf-Geh-Intervallen bis zu fünf Kilometern am Stück.",
      fr: "Six semaines des premiers intervalles course/marche jusqu'à cinq kilomètres sans s'arrêter.",
      es: "Seis semanas desde los primeros intervalos de carrera y caminata hasta cinco kilómetros sin parar.",
    },
    level: "beginner", locations: ["outdoor"], goals: ["endurance", "loseWeight"], types: ["running", "cardio"], packages: ["basic"],
    weeks: 6,
    week: (w) => [
      [{ fitness: w < 3 ? "runWalk" : "easyRun" }],
      null,
      [{ workout: "runnersStrength" }],
      null,
      [{ fitness: w < 3 ? "runWalk" : "easyRun" }],
      null,
      w === 5 ? [{ onDemand: "guided5k" }] : [{ fitness: w % 2 === 0 ? "brisk" : "longRun" }],
    ],
    release: "all",
  },
  {
    key: "strengthFoundations",
    title: { en: "Strength foundations", de: "Kraft-Grundlagen", fr: "Les bases de la force", es: "Fundamentos de fuerza" },
    description: {
      en: "Four weeks, three sessions a week: learn the basic lifts and get measurably stronger.",
      de: "Vier Wochen, drei Einheiten pro Woche: lerne die Grundübungen und werde messbar stärker.",
      fr: "Quatre semaines, trois séances par semaine : apprenez les mouvements de base et gagnez en force.",
    },
    level: "beginner", locations: ["home", "club"], goals: ["getStronger", "buildMuscle"], types: ["strength"], packages: ["premium"],
    weeks: 4,
    week: (w) => [
      [{ workout: w < 2 ? "fullBodyStarter" : "dumbbellUpper" }],
      null,
      [{ workout: "coreCircuit" }, { onDemand: "kettlebellBasics" }],
      null,
      [{ workout: w < 2 ? "fullBodyStarter" : "legDay" }],
      [{ workout: "recoveryFlow" }],
      null,
    ],
    release: "default+de",
  },
  {
    key: "mobilityMind",
    title: { en: "Mobility & mind", de: "Beweglichkeit & Achtsamkeit", fr: "Mobilité et esprit", es: "Movilidad y mente" },
    description: {
      en: "Three calm weeks of short daily practice: move in the morning, breathe in the evening.",
      de: "Drei ruhige Wochen mit kurzen täglichen Einheiten: morgens bewegen, abends atmen.",
    },
    level: "beginner", locations: ["home"], goals: ["mobility", "stress"], types: ["mobility", "yoga", "mindfulness"], packages: ["mindBody"],
    weeks: 3,
    week: (w) => [
      [{ workout: "morningMobility" }],
      [{ onDemand: "breatheReset" }],
      [{ onDemand: w === 2 ? "powerYoga" : "eveningStretch" }],
      [{ workout: "morningMobility" }, { onDemand: "breatheReset" }],
      [{ workout: "pilatesCore" }],
      [{ fitness: "brisk" }],
      null,
    ],
    release: "default",
  },
  {
    key: "summerShred",
    title: { en: "Eight-week HIIT challenge", de: "Achtwöchige HIIT-Challenge" },
    description: {
      en: "Four interval sessions a week with a lighter week in the middle. Draft: the last weeks are still being planned.",
      de: "Vier Intervalleinheiten pro Woche mit einer leichteren Woche in der Mitte. Entwurf: Die letzten Wochen werden noch geplant.",
    },
    level: "advanced", locations: ["club", "home"], goals: ["loseWeight", "endurance"], types: ["hiit"], packages: ["premium"],
    weeks: 8,
    restWeeks: [3],
    week: (w) => [
      [{ workout: "tabata" }],
      [{ workout: w % 2 === 0 ? "amrap20" : "fiveRounds" }],
      null,
      [{ workout: "hiitCardio" }],
      null,
      [{ onDemand: "hiit30" }],
      [{ fitness: "ride" }],
    ],
    release: "draft",
  },
];
