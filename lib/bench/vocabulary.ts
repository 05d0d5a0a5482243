/**
 * Words of the benchmark catalogue in the four languages it writes (en, de, fr, es). Names are built
 * from them (modifier + equipment + movement, adjective + focus + format …), so every content word
 * occurs in a few percent of the records, as in a real catalogue: search and `q` filters meet
 * realistic match counts rather than one word in every record.
 */
export type Word = { en: string; de: string; fr: string; es: string };

const w = (en: string, de: string, fr: string, es: string): Word => ({ en, de, fr, es });

export const LANGUAGES = ["en", "de", "fr", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

export const MOVEMENTS: Word[] = [
  w("squat", "Kniebeuge", "squat", "sentadilla"),
  w("lunge", "Ausfallschritt", "fente", "zancada"),
  w("push-up", "Liegestütz", "pompe", "flexión"),
  w("row", "Rudern", "tirage", "remo"),
  w("deadlift", "Kreuzheben", "soulevé de terre", "peso muerto"),
  w("press", "Drücken", "développé", "press"),
  w("curl", "Beugen", "flexion du bras", "curl"),
  w("plank", "Unterarmstütz", "gainage", "plancha"),
  w("crunch", "Bauchpresse", "relevé de buste", "abdominal"),
  w("bridge", "Brücke", "pont", "puente"),
  w("burpee", "Burpee", "burpee", "burpee"),
  w("jump", "Sprung", "saut", "salto"),
  w("twist", "Drehung", "rotation", "giro"),
  w("raise", "Heben", "élévation", "elevación"),
  w("pull-up", "Klimmzug", "traction", "dominada"),
  w("dip", "Stütz", "dips", "fondo"),
  w("swing", "Schwingen", "balancier", "balanceo"),
  w("thrust", "Stoß", "poussée", "empuje"),
  w("climber", "Bergsteiger", "grimpeur", "escalador"),
  w("stretch", "Dehnung", "étirement", "estiramiento"),
  w("kick", "Tritt", "coup de pied", "patada"),
  w("hold", "Halten", "maintien", "sostén"),
  w("step-up", "Aufsteigen", "montée", "subida"),
  w("sprint", "Sprint", "sprint", "esprint"),
  w("carry", "Tragen", "porté", "acarreo"),
  w("fly", "Fliegende", "écarté", "apertura"),
  w("shrug", "Schulterheben", "haussement", "encogimiento"),
  w("extension", "Streckung", "extension", "extensión"),
  w("hinge", "Hüftbeuge", "charnière", "bisagra"),
  w("rollout", "Ausrollen", "déroulé", "rodillo"),
];

export const EQUIPMENT_WORDS: Word[] = [
  w("dumbbell", "Kurzhantel", "haltère", "mancuerna"),
  w("kettlebell", "Kugelhantel", "kettlebell", "pesa rusa"),
  w("barbell", "Langhantel", "barre", "barra"),
  w("band", "Band", "élastique", "banda"),
  w("cable", "Kabelzug", "poulie", "polea"),
  w("bodyweight", "Körpergewicht", "poids du corps", "peso corporal"),
  w("medicine ball", "Medizinball", "médecine-ball", "balón medicinal"),
  w("bench", "Bank", "banc", "banco"),
  w("sandbag", "Sandsack", "sac de sable", "saco de arena"),
  w("box", "Kasten", "caisse", "cajón"),
  w("suspension", "Schlingen", "sangles", "suspensión"),
  w("landmine", "Landmine", "landmine", "mina"),
];

export const MODIFIERS: Word[] = [
  w("single-arm", "einarmig", "unilatéral", "a una mano"),
  w("incline", "Schräg", "incliné", "inclinado"),
  w("decline", "Negativ", "décliné", "declinado"),
  w("wide", "breit", "large", "abierto"),
  w("narrow", "eng", "serré", "cerrado"),
  w("reverse", "umgekehrt", "inversé", "invertido"),
  w("lateral", "seitlich", "latéral", "lateral"),
  w("alternating", "abwechselnd", "alterné", "alterno"),
  w("explosive", "explosiv", "explosif", "explosivo"),
  w("slow", "langsam", "lent", "lento"),
  w("paused", "pausiert", "avec pause", "con pausa"),
  w("sumo", "Sumo", "sumo", "sumo"),
  w("split", "geteilt", "fendu", "dividido"),
  w("standing", "stehend", "debout", "de pie"),
  w("seated", "sitzend", "assis", "sentado"),
  w("kneeling", "kniend", "à genoux", "de rodillas"),
  w("tempo", "Tempo", "tempo", "tempo"),
  w("isometric", "isometrisch", "isométrique", "isométrico"),
  w("overhead", "Überkopf", "au-dessus de la tête", "por encima de la cabeza"),
  w("goblet", "Goblet", "gobelet", "copa"),
];

export const ADJECTIVES: Word[] = [
  w("morning", "Morgen", "matinal", "mañanero"),
  w("quick", "schnelles", "rapide", "rápido"),
  w("intense", "intensives", "intense", "intenso"),
  w("gentle", "sanftes", "doux", "suave"),
  w("total", "totales", "total", "total"),
  w("power", "Power", "puissance", "potencia"),
  w("express", "Express", "express", "exprés"),
  w("ultimate", "ultimatives", "ultime", "definitivo"),
  w("evening", "Abend", "du soir", "nocturno"),
  w("weekend", "Wochenend", "du week-end", "de fin de semana"),
  w("lunchtime", "Mittags", "de midi", "de mediodía"),
  w("steady", "gleichmäßiges", "régulier", "constante"),
  w("fierce", "wildes", "féroce", "feroz"),
  w("fresh", "frisches", "frais", "fresco"),
  w("classic", "klassisches", "classique", "clásico"),
];

export const FOCUSES: Word[] = [
  w("core", "Rumpf", "tronc", "core"),
  w("legs", "Beine", "jambes", "piernas"),
  w("glutes", "Gesäß", "fessiers", "glúteos"),
  w("arms", "Arme", "bras", "brazos"),
  w("back", "Rücken", "dos", "espalda"),
  w("chest", "Brust", "pectoraux", "pecho"),
  w("shoulders", "Schultern", "épaules", "hombros"),
  w("full body", "Ganzkörper", "corps entier", "cuerpo completo"),
  w("cardio", "Cardio", "cardio", "cardio"),
  w("mobility", "Mobilität", "mobilité", "movilidad"),
  w("strength", "Kraft", "force", "fuerza"),
  w("endurance", "Ausdauer", "endurance", "resistencia"),
  w("balance", "Gleichgewicht", "équilibre", "equilibrio"),
  w("abs", "Bauch", "abdos", "abdominales"),
  w("hips", "Hüften", "hanches", "caderas"),
];

export const FORMATS: Word[] = [
  w("burner", "Brenner", "brûleur", "quemador"),
  w("circuit", "Zirkel", "circuit", "circuito"),
  w("blast", "Explosion", "explosion", "explosión"),
  w("flow", "Flow", "flow", "flujo"),
  w("session", "Einheit", "séance", "sesión"),
  w("challenge", "Herausforderung", "défi", "reto"),
  w("workout", "Training", "entraînement", "entrenamiento"),
  w("ladder", "Leiter", "échelle", "escalera"),
  w("builder", "Aufbau", "construction", "constructor"),
  w("sweat", "Schwitzen", "sueur", "sudor"),
  w("tabata", "Tabata", "tabata", "tabata"),
  w("intervals", "Intervalle", "intervalles", "intervalos"),
];

export const CLASS_KINDS: Word[] = [
  w("yoga", "Yoga", "yoga", "yoga"),
  w("pilates", "Pilates", "pilates", "pilates"),
  w("ride", "Radfahrt", "sortie vélo", "ciclismo"),
  w("run", "Lauf", "course", "carrera"),
  w("boxing", "Boxen", "boxe", "boxeo"),
  w("dance", "Tanz", "danse", "baile"),
  w("stretching", "Stretching", "stretching", "estiramientos"),
  w("meditation", "Meditation", "méditation", "meditación"),
];

export const PLAN_WORDS: Word[] = [
  w("plan", "Plan", "programme", "plan"),
  w("programme", "Programm", "cycle", "programa"),
  w("journey", "Reise", "parcours", "viaje"),
  w("bootcamp", "Bootcamp", "bootcamp", "campamento"),
];

export const STEP_CUES: Word[] = [
  w("Brace your core", "Spanne den Rumpf an", "Gainez votre tronc", "Activa el core"),
  w("Keep your back straight", "Halte den Rücken gerade", "Gardez le dos droit", "Mantén la espalda recta"),
  w("Breathe out as you push", "Beim Drücken ausatmen", "Expirez en poussant", "Exhala al empujar"),
  w("Move slowly and with control", "Langsam und kontrolliert bewegen", "Bougez lentement et avec contrôle", "Muévete despacio y con control"),
  w("Return to the start", "Zurück in die Ausgangsposition", "Revenez au départ", "Vuelve al inicio"),
  w("Feet shoulder-width apart", "Füße schulterbreit auseinander", "Pieds écartés à largeur d'épaules", "Pies a la anchura de los hombros"),
  w("Keep your knees soft", "Knie leicht gebeugt", "Gardez les genoux souples", "Rodillas ligeramente flexionadas"),
  w("Look straight ahead", "Blick nach vorne", "Regardez droit devant", "Mira al frente"),
];

export const DESCRIPTION_OPENERS: Word[] = [
  w("A session that builds", "Eine Einheit, die aufbaut:", "Une séance qui développe", "Una sesión que desarrolla"),
  w("Twenty minutes of", "Zwanzig Minuten", "Vingt minutes de", "Veinte minutos de"),
  w("Work on your", "Arbeite an deiner", "Travaillez votre", "Trabaja tu"),
  w("Everything you need for", "Alles, was du brauchst für", "Tout ce qu'il faut pour", "Todo lo que necesitas para"),
  w("Step by step towards", "Schritt für Schritt zu", "Pas à pas vers", "Paso a paso hacia"),
];

export const PHASE_TITLES = {
  "warm-up": w("Warm-up", "Aufwärmen", "Échauffement", "Calentamiento"),
  training: w("Training", "Training", "Entraînement", "Entrenamiento"),
  "cool-down": w("Cool-down", "Abwärmen", "Retour au calme", "Vuelta a la calma"),
} as const;

export const TIMER_TITLES: Word[] = [
  w("Mobilise", "Mobilisieren", "Mobilisation", "Movilidad"),
  w("Easy jog", "Lockeres Joggen", "Footing léger", "Trote suave"),
  w("Breathe", "Atmen", "Respiration", "Respiración"),
  w("Stretch it out", "Ausdehnen", "Étirez-vous", "Estírate"),
];

export const ITEM_NOTES: Word[] = [
  w("Keep a steady pace", "Halte ein gleichmäßiges Tempo", "Gardez un rythme régulier", "Mantén un ritmo constante"),
  w("Rest as needed", "Pausiere nach Bedarf", "Reposez-vous si besoin", "Descansa cuando lo necesites"),
  w("Go as hard as you can", "Gib alles", "Donnez tout", "Da lo máximo"),
];

export const LOOKUP_NAMES = {
  muscleGroups: [
    w("Chest", "Brust", "Pectoraux", "Pecho"),
    w("Upper back", "Oberer Rücken", "Haut du dos", "Espalda alta"),
    w("Lower back", "Unterer Rücken", "Bas du dos", "Zona lumbar"),
    w("Shoulders", "Schultern", "Épaules", "Hombros"),
    w("Biceps", "Bizeps", "Biceps", "Bíceps"),
    w("Triceps", "Trizeps", "Triceps", "Tríceps"),
    w("Forearms", "Unterarme", "Avant-bras", "Antebrazos"),
    w("Abdominals", "Bauchmuskeln", "Abdominaux", "Abdominales"),
    w("Obliques", "Schräge Bauchmuskeln", "Obliques", "Oblicuos"),
    w("Glutes", "Gesäßmuskeln", "Fessiers", "Glúteos"),
    w("Quadriceps", "Oberschenkelvorderseite", "Quadriceps", "Cuádriceps"),
    w("Hamstrings", "Oberschenkelrückseite", "Ischio-jambiers", "Isquiotibiales"),
    w("Calves", "Waden", "Mollets", "Gemelos"),
    w("Hip flexors", "Hüftbeuger", "Fléchisseurs de hanche", "Flexores de cadera"),
    w("Adductors", "Adduktoren", "Adducteurs", "Aductores"),
    w("Neck", "Nacken", "Cou", "Cuello"),
  ],
  bodyParts: [
    w("Upper body", "Oberkörper", "Haut du corps", "Tren superior"),
    w("Lower body", "Unterkörper", "Bas du corps", "Tren inferior"),
    w("Core", "Rumpf", "Tronc", "Core"),
    w("Full body", "Ganzkörper", "Corps entier", "Cuerpo completo"),
    w("Arms", "Arme", "Bras", "Brazos"),
    w("Legs", "Beine", "Jambes", "Piernas"),
  ],
  goals: [
    w("Lose weight", "Abnehmen", "Perdre du poids", "Perder peso"),
    w("Build muscle", "Muskeln aufbauen", "Prendre du muscle", "Ganar músculo"),
    w("Get fitter", "Fitter werden", "Être en forme", "Ponerse en forma"),
    w("Move better", "Besser bewegen", "Mieux bouger", "Moverse mejor"),
    w("Reduce stress", "Stress abbauen", "Réduire le stress", "Reducir el estrés"),
    w("Run faster", "Schneller laufen", "Courir plus vite", "Correr más rápido"),
    w("Stay healthy", "Gesund bleiben", "Rester en bonne santé", "Mantenerse sano"),
    w("Improve posture", "Haltung verbessern", "Améliorer la posture", "Mejorar la postura"),
  ],
  categories: [
    w("Strength", "Kraft", "Force", "Fuerza"),
    w("HIIT", "HIIT", "HIIT", "HIIT"),
    w("Yoga", "Yoga", "Yoga", "Yoga"),
    w("Pilates", "Pilates", "Pilates", "Pilates"),
    w("Running", "Laufen", "Course", "Carrera"),
    w("Cycling", "Radfahren", "Cyclisme", "Ciclismo"),
    w("Boxing", "Boxen", "Boxe", "Boxeo"),
    w("Dance", "Tanzen", "Danse", "Baile"),
    w("Stretching", "Dehnen", "Étirements", "Estiramientos"),
    w("Rehabilitation", "Rehabilitation", "Rééducation", "Rehabilitación"),
    w("Prenatal", "Schwangerschaft", "Prénatal", "Prenatal"),
    w("Mindfulness", "Achtsamkeit", "Pleine conscience", "Atención plena"),
  ],
  activityTypes: [
    w("Running", "Laufen", "Course", "Correr"),
    w("Walking", "Gehen", "Marche", "Caminar"),
    w("Cycling", "Radfahren", "Vélo", "Ciclismo"),
    w("Swimming", "Schwimmen", "Natation", "Natación"),
    w("Rowing", "Rudern", "Aviron", "Remo"),
    w("Hiking", "Wandern", "Randonnée", "Senderismo"),
  ],
  contentProviders: [
    w("In-house studio", "Hauseigenes Studio", "Studio maison", "Estudio propio"),
    w("Partner network", "Partnernetz", "Réseau partenaire", "Red de socios"),
    w("Guest coaches", "Gasttrainer", "Coachs invités", "Entrenadores invitados"),
    w("Community", "Gemeinschaft", "Communauté", "Comunidad"),
  ],
  equipmentBrands: [
    w("Ironvale", "Ironvale", "Ironvale", "Ironvale"),
    w("Flexora", "Flexora", "Flexora", "Flexora"),
    w("Stride Labs", "Stride Labs", "Stride Labs", "Stride Labs"),
    w("Corewell", "Corewell", "Corewell", "Corewell"),
    w("Atlas & Oak", "Atlas & Oak", "Atlas & Oak", "Atlas & Oak"),
    w("Northpeak", "Northpeak", "Northpeak", "Northpeak"),
  ],
  equipmentCategories: [
    w("Free weights", "Freie Gewichte", "Poids libres", "Peso libre"),
    w("Machines", "Geräte", "Machines", "Máquinas"),
    w("Accessories", "Zubehör", "Accessoires", "Accesorios"),
    w("Cardio", "Cardio", "Cardio", "Cardio"),
    w("Recovery", "Regeneration", "Récupération", "Recuperación"),
  ],
  contentPackages: [
    w("Basic", "Basis", "Essentiel", "Básico"),
    w("Premium", "Premium", "Premium", "Premium"),
    w("Partner", "Partner", "Partenaire", "Socio"),
    w("Corporate", "Firmen", "Entreprise", "Empresa"),
  ],
} as const;

export const INSTRUCTOR_FIRST = ["Mara", "Jonas", "Lea", "Tomás", "Aiko", "Noah", "Inès", "Pavel", "Sofia", "Kwame", "Lina", "Matteo", "Yara", "Oskar", "Chloé"];
export const INSTRUCTOR_LAST = ["Lind", "Berger", "Moreau", "García", "Tanaka", "Okafor", "Novak", "Rossi"];
