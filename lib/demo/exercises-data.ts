/**
 * The demo's exercises: each with its own set-up instruction and the coaching cues of its movement
 * pattern (shared, so they are translated once). French and Spanish set-ups are missing for some,
 * as in a real catalogue whose translators are still at work.
 */
import type { CategoryKey, EquipmentKey, MuscleKey, Text } from "./lookups-data";

export type Pattern = "push" | "squat" | "lunge" | "hinge" | "pull" | "core" | "cardio" | "jump" | "mobility" | "stretch" | "carry";

/** Two cues per movement pattern, in every demo language. */
export const PATTERN_CUES: Record<Pattern, [Text, Text]> = {
  push: [
    { en: "Keep your elbows at about 45° from your body", de: "Halte die Ellbogen etwa 45° vom Körper entfernt", fr: "Gardez les coudes à environ 45° du corps", es: "Mantén los codos a unos 45° del cuerpo" },
    { en: "Press away until your arms are straight, without locking them", de: "Drücke, bis die Arme gestreckt sind, ohne sie durchzudrücken", fr: "Poussez jusqu'à tendre les bras, sans verrouiller", es: "Empuja hasta estirar los brazos sin bloquearlos" },
  ],
  squat: [
    { en: "Sit back and down, knees tracking over your toes", de: "Setz dich nach hinten unten, die Knie über den Zehen", fr: "Descendez en arrière, genoux dans l'axe des pieds", es: "Baja hacia atrás con las rodillas alineadas con los pies" },
    { en: "Drive up through your whole foot", de: "Drück dich über den ganzen Fuß nach oben", fr: "Remontez en poussant sur tout le pied", es: "Sube empujando con todo el pie" },
  ],
  lunge: [
    { en: "Lower until both knees are bent at about 90°", de: "Senke dich ab, bis beide Knie etwa 90° gebeugt sind", fr: "Descendez jusqu'à ce que les deux genoux forment 90°", es: "Baja hasta que ambas rodillas formen unos 90°" },
    { en: "Keep your torso tall and your front heel down", de: "Oberkörper aufrecht, die vordere Ferse bleibt am Boden", fr: "Buste droit, talon avant au sol", es: "Torso erguido y talón delantero apoyado" },
  ],
  hinge: [
    { en: "Push your hips back with a long, neutral spine", de: "Schieb die Hüfte nach hinten, der Rücken bleibt lang und neutral", fr: "Poussez les hanches en arrière, dos long et neutre", es: "Lleva la cadera atrás con la espalda larga y neutra" },
    { en: "Squeeze your glutes to stand tall", de: "Spanne das Gesäß an, um dich aufzurichten", fr: "Serrez les fessiers pour vous redresser", es: "Aprieta los glúteos para incorporarte" },
  ],
  pull: [
    { en: "Start the pull by drawing your shoulder blades together", de: "Beginne den Zug, indem du die Schulterblätter zusammenziehst", fr: "Commencez en rapprochant les omoplates", es: "Empieza juntando las escápulas" },
    { en: "Lower with control to a full stretch", de: "Kontrolliert bis in die volle Streckung absenken", fr: "Redescendez sous contrôle jusqu'à l'extension complète", es: "Baja con control hasta la extensión completa" },
  ],
  core: [
    { en: "Brace as if someone were about to poke your belly", de: "Spann den Bauch an, als würde gleich jemand hineinpiksen", fr: "Gainez comme si l'on allait vous pousser le ventre", es: "Activa el abdomen como si fueran a empujarte" },
    { en: "Breathe steadily; don't hold your breath", de: "Atme ruhig weiter und halte die Luft nicht an", fr: "Respirez calmement, sans bloquer", es: "Respira con calma, sin contener el aire" },
  ],
  cardio: [
    { en: "Find a rhythm you can hold for the whole interval", de: "Finde einen Rhythmus, den du das ganze Intervall halten kannst", fr: "Trouvez un rythme tenable sur tout l'intervalle", es: "Busca un ritmo que puedas mantener todo el intervalo" },
    { en: "Stay light on your feet", de: "Bleib leichtfüßig", fr: "Restez léger sur vos appuis", es: "Mantente ligero sobre los pies" },
  ],
  jump: [
    { en: "Land softly with bent knees", de: "Lande weich mit gebeugten Knien", fr: "Réceptionnez-vous en souplesse, genoux fléchis", es: "Aterriza suave con las rodillas flexionadas" },
    { en: "Swing your arms to help the take-off", de: "Nutze den Armschwung für den Absprung", fr: "Balancez les bras pour l'impulsion", es: "Balancea los brazos para impulsarte" },
  ],
  mobility: [
    { en: "Move slowly and stay within a pain-free range", de: "Beweg dich langsam und im schmerzfreien Bereich", fr: "Bougez lentement, sans douleur", es: "Muévete despacio y sin dolor" },
    { en: "Exhale as you move into the end position", de: "Atme aus, während du in die Endposition gehst", fr: "Expirez en allant vers la position finale", es: "Exhala al llegar a la posición final" },
  ],
  stretch: [
    { en: "Hold the stretch and breathe into it", de: "Halte die Dehnung und atme in sie hinein", fr: "Tenez l'étirement et respirez dedans", es: "Mantén el estiramiento y respira" },
    { en: "Ease off if you feel sharp pain", de: "Lass nach, wenn es stechend schmerzt", fr: "Relâchez en cas de douleur vive", es: "Afloja si sientes un dolor agudo" },
  ],
  carry: [
    { en: "Keep your ribs down and your shoulders away from your ears", de: "Rippen unten, Schultern weg von den Ohren", fr: "Côtes basses, épaules loin des oreilles", es: "Costillas abajo y hombros lejos de las orejas" },
    { en: "Move with control, never with momentum", de: "Beweg dich kontrolliert, nie mit Schwung", fr: "Bougez avec contrôle, jamais avec l'élan", es: "Muévete con control, nunca con impulso" },
  ],
};

export type ExerciseSpec = {
  key: string;
  name: Text;
  setup: Text;
  pattern: Pattern;
  muscles: MuscleKey[];
  equipment: EquipmentKey[];
  types: CategoryKey[];
  level: "beginner" | "intermediate" | "advanced";
  gender: "male" | "female" | "duo";
  orientation?: "left" | "right" | "alternating";
  /** Held for time rather than counted in repetitions. */
  isTimed?: boolean;
  /** Worked with a load in kilograms: [light, heavy] for an intermediate athlete. */
  load?: [number, number];
};

export const EXERCISES: ExerciseSpec[] = [
  {
    key: "pushUp",
    name: { en: "Push-up", de: "Liegestütz", fr: "Pompe", es: "Flexión" },
    setup: { en: "Hands under your shoulders, body in one line from head to heels", de: "Hände unter den Schultern, Körper in einer Linie vom Kopf bis zu den Fersen", fr: "Mains sous les épaules, corps aligné de la tête aux talons", es: "Manos bajo los hombros y cuerpo alineado de la cabeza a los talones" },
    pattern: "push", muscles: ["chest", "triceps", "shoulders"], equipment: [], types: ["strength"], level: "beginner", gender: "male",
  },
  {
    key: "kneePushUp",
    name: { en: "Knee push-up", de: "Liegestütz auf den Knien", fr: "Pompe sur les genoux", es: "Flexión de rodillas" },
    setup: { en: "Knees on the mat, hips in line with your shoulders", de: "Knie auf der Matte, Hüfte in einer Linie mit den Schultern", fr: "Genoux au sol, hanches alignées avec les épaules" },
    pattern: "push", muscles: ["chest", "triceps"], equipment: ["mat"], types: ["strength"], level: "beginner", gender: "female",
  },
  {
    key: "squat",
    name: { en: "Bodyweight squat", de: "Kniebeuge", fr: "Squat au poids du corps", es: "Sentadilla" },
    setup: { en: "Feet shoulder-width apart, toes turned out slightly", de: "Füße schulterbreit, Zehenspitzen leicht nach außen", fr: "Pieds écartés largeur d'épaules, pointes légèrement ouvertes", es: "Pies al ancho de hombros, puntas ligeramente hacia fuera" },
    pattern: "squat", muscles: ["quads", "glutes"], equipment: [], types: ["strength"], level: "beginner", gender: "female",
  },
  {
    key: "lunge",
    name: { en: "Forward lunge", de: "Ausfallschritt nach vorn", fr: "Fente avant", es: "Zancada al frente" },
    setup: { en: "Stand tall, then take a long step forward", de: "Stell dich aufrecht hin und mach einen langen Schritt nach vorn", fr: "Debout, faites un grand pas en avant", es: "De pie, da un paso largo al frente" },
    pattern: "lunge", muscles: ["quads", "glutes", "hamstrings"], equipment: [], types: ["strength"], level: "beginner", gender: "male", orientation: "alternating",
  },
  {
    key: "reverseLunge",
    name: { en: "Reverse lunge", de: "Ausfallschritt rückwärts", fr: "Fente arrière", es: "Zancada inversa" },
    setup: { en: "Step back with one leg and lower your back knee toward the floor", de: "Mach einen Schritt zurück und senke das hintere Knie Richtung Boden", fr: "Reculez une jambe et descendez le genou arrière vers le sol" },
    pattern: "lunge", muscles: ["glutes", "quads"], equipment: [], types: ["strength"], level: "beginner", gender: "female", orientation: "alternating",
  },
  {
    key: "gluteBridge",
    name: { en: "Glute bridge", de: "Beckenheben", fr: "Pont fessier", es: "Puente de glúteos" },
    setup: { en: "Lie on your back, knees bent, feet flat near your hips", de: "Rückenlage, Knie gebeugt, Füße flach nah am Gesäß", fr: "Sur le dos, genoux fléchis, pieds à plat près des fesses", es: "Boca arriba, rodillas flexionadas y pies cerca de la cadera" },
    pattern: "hinge", muscles: ["glutes", "hamstrings"], equipment: ["mat"], types: ["strength"], level: "beginner", gender: "female",
  },
  {
    key: "plank",
    name: { en: "Forearm plank", de: "Unterarmstütz", fr: "Planche sur les avant-bras", es: "Plancha de antebrazos" },
    setup: { en: "Elbows under your shoulders, legs long, hips level", de: "Ellbogen unter den Schultern, Beine lang, Hüfte auf einer Höhe", fr: "Coudes sous les épaules, jambes tendues, bassin aligné", es: "Codos bajo los hombros, piernas estiradas y cadera nivelada" },
    pattern: "core", muscles: ["abs", "shoulders"], equipment: ["mat"], types: ["core"], level: "beginner", gender: "male", isTimed: true,
  },
  {
    key: "sidePlank",
    name: { en: "Side plank", de: "Seitstütz", fr: "Planche latérale", es: "Plancha lateral" },
    setup: { en: "Lie on your side, elbow under your shoulder, lift your hips", de: "Seitlage, Ellbogen unter der Schulter, Hüfte anheben", fr: "Sur le côté, coude sous l'épaule, soulevez le bassin", es: "De lado, codo bajo el hombro, eleva la cadera" },
    pattern: "core", muscles: ["obliques", "abs"], equipment: ["mat"], types: ["core"], level: "intermediate", gender: "female", orientation: "left", isTimed: true,
  },
  {
    key: "mountainClimber",
    name: { en: "Mountain climber", de: "Bergsteiger", fr: "Grimpeur", es: "Escalador" },
    setup: { en: "Start in a high plank and drive your knees toward your chest in turn", de: "Im hohen Stütz die Knie abwechselnd zur Brust ziehen", fr: "En planche haute, ramenez les genoux vers la poitrine en alternance", es: "En plancha alta, lleva las rodillas al pecho de forma alterna" },
    pattern: "cardio", muscles: ["abs", "hipFlexors", "shoulders"], equipment: [], types: ["hiit", "core"], level: "beginner", gender: "male", orientation: "alternating",
  },
  {
    key: "burpee",
    name: { en: "Burpee", de: "Burpee", fr: "Burpee", es: "Burpee" },
    setup: { en: "Squat, kick your feet back, push up, jump in and jump up", de: "In die Hocke, Beine nach hinten, Liegestütz, Beine ran und hochspringen", fr: "Accroupi, jambes en arrière, pompe, retour et saut", es: "Agáchate, estira las piernas atrás, flexión, recoge y salta" },
    pattern: "jump", muscles: ["quads", "chest", "shoulders"], equipment: [], types: ["hiit", "cardio"], level: "intermediate", gender: "male",
  },
  {
    key: "jumpingJack",
    name: { en: "Jumping jack", de: "Hampelmann", fr: "Jumping jack", es: "Salto de tijera" },
    setup: { en: "Jump your feet wide while your arms swing overhead", de: "Spring in die Grätsche und führe die Arme über den Kopf", fr: "Écartez les pieds en sautant, bras au-dessus de la tête", es: "Salta abriendo piernas y subiendo los brazos" },
    pattern: "cardio", muscles: ["calves", "shoulders"], equipment: [], types: ["cardio"], level: "beginner", gender: "female",
  },
  {
    key: "highKnees",
    name: { en: "High knees", de: "Kniehebelauf", fr: "Montées de genoux", es: "Rodillas arriba" },
    setup: { en: "Run on the spot, lifting your knees to hip height", de: "Lauf auf der Stelle und zieh die Knie bis auf Hüfthöhe", fr: "Courez sur place en montant les genoux à hauteur de hanche" },
    pattern: "cardio", muscles: ["hipFlexors", "calves"], equipment: [], types: ["cardio", "hiit"], level: "beginner", gender: "male", orientation: "alternating",
  },
  {
    key: "deadBug",
    name: { en: "Dead bug", de: "Dead Bug", fr: "Dead bug", es: "Bicho muerto" },
    setup: { en: "Lie on your back, arms up, knees over hips; lower opposite arm and leg", de: "Rückenlage, Arme hoch, Knie über der Hüfte; gegengleich Arm und Bein absenken", fr: "Sur le dos, bras levés, genoux au-dessus des hanches ; descendez bras et jambe opposés" },
    pattern: "core", muscles: ["abs"], equipment: ["mat"], types: ["core", "pilates"], level: "beginner", gender: "female", orientation: "alternating",
  },
  {
    key: "birdDog",
    name: { en: "Bird dog", de: "Vierfüßlerstand mit Arm- und Beinheben", fr: "Bird dog", es: "Perro de caza" },
    setup: { en: "On all fours, reach one arm forward and the opposite leg back", de: "Im Vierfüßlerstand einen Arm nach vorn und das Gegenbein nach hinten strecken", fr: "À quatre pattes, tendez un bras devant et la jambe opposée derrière", es: "A cuatro patas, estira un brazo al frente y la pierna contraria atrás" },
    pattern: "core", muscles: ["lowerBack", "abs", "glutes"], equipment: ["mat"], types: ["core", "mobility"], level: "beginner", gender: "male", orientation: "alternating",
  },
  {
    key: "bicycleCrunch",
    name: { en: "Bicycle crunch", de: "Fahrrad-Crunch", fr: "Crunch vélo", es: "Crunch bicicleta" },
    setup: { en: "Hands by your ears, bring elbow to the opposite knee as you pedal", de: "Hände an den Ohren, Ellbogen zum Gegenknie führen, während du in die Luft radelst", fr: "Mains aux oreilles, coude vers le genou opposé en pédalant" },
    pattern: "core", muscles: ["abs", "obliques"], equipment: ["mat"], types: ["core"], level: "intermediate", gender: "female", orientation: "alternating",
  },
  {
    key: "superman",
    name: { en: "Superman", de: "Superman", fr: "Superman", es: "Superman" },
    setup: { en: "Lie face down and lift arms, chest and legs off the floor", de: "Bauchlage, Arme, Brust und Beine vom Boden abheben", fr: "À plat ventre, décollez bras, buste et jambes du sol", es: "Boca abajo, eleva brazos, pecho y piernas del suelo" },
    pattern: "core", muscles: ["lowerBack", "glutes"], equipment: ["mat"], types: ["core"], level: "beginner", gender: "male",
  },
  {
    key: "benchDip",
    name: { en: "Bench dip", de: "Dips an der Bank", fr: "Dips sur banc", es: "Fondos en banco" },
    setup: { en: "Hands on the edge of a bench behind you, legs out in front", de: "Hände hinter dir auf der Bankkante, Beine nach vorn gestreckt", fr: "Mains sur le bord du banc derrière vous, jambes devant", es: "Manos en el borde del banco detrás de ti, piernas al frente" },
    pattern: "push", muscles: ["triceps", "shoulders"], equipment: ["bench"], types: ["strength"], level: "beginner", gender: "female",
  },
  {
    key: "pullUp",
    name: { en: "Pull-up", de: "Klimmzug", fr: "Traction", es: "Dominada" },
    setup: { en: "Hang from the bar with an overhand grip, hands just outside your shoulders", de: "Im Obergriff an der Stange hängen, Hände knapp außerhalb der Schultern", fr: "Suspendu à la barre en pronation, mains un peu plus larges que les épaules", es: "Cuélgate en prono con las manos algo más abiertas que los hombros" },
    pattern: "pull", muscles: ["lats", "biceps", "upperBack"], equipment: ["pullUpBar"], types: ["strength"], level: "advanced", gender: "male",
  },
  {
    key: "jumpSquat",
    name: { en: "Jump squat", de: "Sprungkniebeuge", fr: "Squat sauté", es: "Sentadilla con salto" },
    setup: { en: "Squat to parallel, then jump as high as you can", de: "Geh bis zur Parallelen in die Hocke und spring dann so hoch du kannst", fr: "Descendez à la parallèle puis sautez le plus haut possible", es: "Baja hasta la paralela y salta lo más alto que puedas" },
    pattern: "jump", muscles: ["quads", "glutes", "calves"], equipment: [], types: ["hiit", "strength"], level: "intermediate", gender: "female",
  },
  {
    key: "calfRaise",
    name: { en: "Calf raise", de: "Wadenheben", fr: "Extension des mollets", es: "Elevación de talones" },
    setup: { en: "Stand on the balls of your feet and rise as high as you can", de: "Stell dich auf die Fußballen und drück dich so hoch wie möglich", fr: "Sur l'avant des pieds, montez le plus haut possible" },
    pattern: "squat", muscles: ["calves"], equipment: [], types: ["strength"], level: "beginner", gender: "male",
  },
  {
    key: "wallSit",
    name: { en: "Wall sit", de: "Wandsitzen", fr: "Chaise contre le mur", es: "Sentadilla isométrica en pared" },
    setup: { en: "Back against a wall, slide down until your thighs are parallel to the floor", de: "Rücken an die Wand, hinunterrutschen, bis die Oberschenkel parallel zum Boden sind", fr: "Dos au mur, descendez jusqu'à avoir les cuisses parallèles au sol", es: "Espalda en la pared, baja hasta tener los muslos paralelos al suelo" },
    pattern: "squat", muscles: ["quads"], equipment: [], types: ["strength"], level: "beginner", gender: "female", isTimed: true,
  },
  {
    key: "dumbbellBenchPress",
    name: { en: "Dumbbell bench press", de: "Kurzhantel-Bankdrücken", fr: "Développé couché aux haltères", es: "Press de banca con mancuernas" },
    setup: { en: "Lie on the bench, dumbbells over your chest, feet planted", de: "Auf der Bank liegen, Kurzhanteln über der Brust, Füße fest am Boden", fr: "Allongé sur le banc, haltères au-dessus de la poitrine, pieds ancrés", es: "Tumbado en el banco, mancuernas sobre el pecho y pies firmes" },
    pattern: "push", muscles: ["chest", "triceps", "shoulders"], equipment: ["dumbbells", "bench"], types: ["strength"], level: "intermediate", gender: "male", load: [12, 22],
  },
  {
    key: "dumbbellRow",
    name: { en: "One-arm dumbbell row", de: "Einarmiges Kurzhantelrudern", fr: "Rowing unilatéral à l'haltère", es: "Remo a una mano con mancuerna" },
    setup: { en: "One knee and hand on the bench, back flat, dumbbell hanging below your shoulder", de: "Ein Knie und eine Hand auf der Bank, Rücken gerade, Hantel hängt unter der Schulter", fr: "Un genou et une main sur le banc, dos plat, haltère sous l'épaule" },
    pattern: "pull", muscles: ["lats", "upperBack", "biceps"], equipment: ["dumbbells", "bench"], types: ["strength"], level: "beginner", gender: "female", orientation: "right", load: [10, 20],
  },
  {
    key: "shoulderPress",
    name: { en: "Dumbbell shoulder press", de: "Kurzhantel-Schulterdrücken", fr: "Développé épaules aux haltères", es: "Press de hombros con mancuernas" },
    setup: { en: "Dumbbells at shoulder height, palms forward, core braced", de: "Kurzhanteln auf Schulterhöhe, Handflächen nach vorn, Bauch fest", fr: "Haltères à hauteur d'épaules, paumes vers l'avant, gainage actif", es: "Mancuernas a la altura de los hombros, palmas al frente y abdomen firme" },
    pattern: "push", muscles: ["shoulders", "triceps"], equipment: ["dumbbells"], types: ["strength"], level: "intermediate", gender: "female", load: [6, 14],
  },
  {
    key: "bicepsCurl",
    name: { en: "Biceps curl", de: "Bizepscurl", fr: "Curl biceps", es: "Curl de bíceps" },
    setup: { en: "Elbows close to your sides, curl the dumbbells to your shoulders", de: "Ellbogen am Körper, die Hanteln zu den Schultern curlen", fr: "Coudes près du corps, montez les haltères vers les épaules", es: "Codos pegados al cuerpo, sube las mancuernas hacia los hombros" },
    pattern: "pull", muscles: ["biceps", "forearms"], equipment: ["dumbbells"], types: ["strength"], level: "beginner", gender: "male", load: [8, 14],
  },
  {
    key: "gobletSquat",
    name: { en: "Goblet squat", de: "Goblet Squat", fr: "Squat goblet", es: "Sentadilla goblet" },
    setup: { en: "Hold a kettlebell at your chest by the horns, elbows down", de: "Kettlebell an den Hörnern vor der Brust halten, Ellbogen nach unten", fr: "Kettlebell tenue par les cornes contre la poitrine, coudes vers le bas", es: "Sujeta la pesa rusa por las asas frente al pecho, codos abajo" },
    pattern: "squat", muscles: ["quads", "glutes"], equipment: ["kettlebell"], types: ["strength"], level: "beginner", gender: "female", load: [12, 24],
  },
  {
    key: "romanianDeadlift",
    name: { en: "Romanian deadlift", de: "Rumänisches Kreuzheben", fr: "Soulevé de terre roumain", es: "Peso muerto rumano" },
    setup: { en: "Dumbbells in front of your thighs, soft knees", de: "Kurzhanteln vor den Oberschenkeln, Knie leicht gebeugt", fr: "Haltères devant les cuisses, genoux souples", es: "Mancuernas delante de los muslos, rodillas algo flexionadas" },
    pattern: "hinge", muscles: ["hamstrings", "glutes", "lowerBack"], equipment: ["dumbbells"], types: ["strength"], level: "intermediate", gender: "male", load: [14, 26],
  },
  {
    key: "lateralRaise",
    name: { en: "Lateral raise", de: "Seitheben", fr: "Élévations latérales", es: "Elevaciones laterales" },
    setup: { en: "Raise the dumbbells out to the sides until your arms are level with your shoulders", de: "Hanteln seitlich heben, bis die Arme auf Schulterhöhe sind", fr: "Levez les haltères sur les côtés jusqu'à hauteur d'épaules" },
    pattern: "carry", muscles: ["shoulders"], equipment: ["dumbbells"], types: ["strength"], level: "beginner", gender: "female", load: [4, 8],
  },
  {
    key: "thruster",
    name: { en: "Dumbbell thruster", de: "Kurzhantel-Thruster", fr: "Thruster aux haltères", es: "Thruster con mancuernas" },
    setup: { en: "Front squat the dumbbells, then press them overhead in one move", de: "Frontkniebeuge mit den Hanteln und in einer Bewegung über den Kopf drücken", fr: "Squat avant puis développé au-dessus de la tête d'un seul geste", es: "Sentadilla frontal y press por encima de la cabeza en un solo movimiento" },
    pattern: "squat", muscles: ["quads", "glutes", "shoulders"], equipment: ["dumbbells"], types: ["hiit", "strength"], level: "intermediate", gender: "male", load: [8, 16],
  },
  {
    key: "kettlebellSwing",
    name: { en: "Kettlebell swing", de: "Kettlebell-Swing", fr: "Swing à la kettlebell", es: "Swing con pesa rusa" },
    setup: { en: "Hike the kettlebell between your legs, then snap your hips forward", de: "Kettlebell zwischen den Beinen zurückschwingen und die Hüfte explosiv strecken", fr: "Balancez la kettlebell entre les jambes puis projetez les hanches", es: "Lleva la pesa entre las piernas y extiende la cadera con fuerza" },
    pattern: "hinge", muscles: ["glutes", "hamstrings", "lowerBack"], equipment: ["kettlebell"], types: ["strength", "hiit"], level: "intermediate", gender: "female", load: [12, 24],
  },
  {
    key: "turkishGetUp",
    name: { en: "Turkish get-up", de: "Turkish Get-up", fr: "Relevé turc", es: "Levantamiento turco" },
    setup: { en: "Lying down, press the kettlebell up and keep your eyes on it as you stand", de: "Im Liegen die Kettlebell nach oben drücken und beim Aufstehen im Blick behalten", fr: "Allongé, poussez la kettlebell vers le haut et gardez-la des yeux en vous levant" },
    pattern: "carry", muscles: ["shoulders", "abs", "glutes"], equipment: ["kettlebell", "mat"], types: ["strength", "core"], level: "advanced", gender: "male", orientation: "alternating", load: [8, 16],
  },
  {
    key: "backSquat",
    name: { en: "Barbell back squat", de: "Kniebeuge mit Langhantel", fr: "Squat à la barre", es: "Sentadilla trasera con barra" },
    setup: { en: "Bar on your upper back, hands just outside your shoulders", de: "Stange auf dem oberen Rücken, Hände knapp außerhalb der Schultern", fr: "Barre sur le haut du dos, mains juste à l'extérieur des épaules", es: "Barra sobre la espalda alta, manos justo por fuera de los hombros" },
    pattern: "squat", muscles: ["quads", "glutes", "lowerBack"], equipment: ["barbell"], types: ["strength"], level: "advanced", gender: "male", load: [40, 80],
  },
  {
    key: "deadlift",
    name: { en: "Deadlift", de: "Kreuzheben", fr: "Soulevé de terre", es: "Peso muerto" },
    setup: { en: "Bar over your mid-foot, shins close, grip just outside your legs", de: "Stange über der Fußmitte, Schienbeine nah dran, Griff knapp außerhalb der Beine", fr: "Barre au-dessus du milieu du pied, tibias proches, prise juste à l'extérieur des jambes", es: "Barra sobre el medio del pie, tibias cerca y agarre por fuera de las piernas" },
    pattern: "hinge", muscles: ["hamstrings", "glutes", "lowerBack", "forearms"], equipment: ["barbell"], types: ["strength"], level: "advanced", gender: "female", load: [50, 100],
  },
  {
    key: "benchPress",
    name: { en: "Barbell bench press", de: "Bankdrücken", fr: "Développé couché", es: "Press de banca" },
    setup: { en: "Eyes under the bar, shoulder blades pinched, feet flat", de: "Augen unter der Stange, Schulterblätter zusammen, Füße flach", fr: "Yeux sous la barre, omoplates serrées, pieds à plat", es: "Ojos bajo la barra, escápulas juntas y pies planos" },
    pattern: "push", muscles: ["chest", "triceps", "shoulders"], equipment: ["barbell", "bench"], types: ["strength"], level: "intermediate", gender: "male", load: [30, 60],
  },
  {
    key: "bandPullApart",
    name: { en: "Band pull-apart", de: "Band Pull-Apart", fr: "Écartés à l'élastique", es: "Aperturas con banda" },
    setup: { en: "Hold the band at shoulder height and pull it apart to your chest", de: "Band auf Schulterhöhe halten und bis zur Brust auseinanderziehen", fr: "Tenez l'élastique à hauteur d'épaules et écartez-le jusqu'à la poitrine", es: "Sujeta la banda a la altura de los hombros y ábrela hasta el pecho" },
    pattern: "pull", muscles: ["upperBack", "shoulders"], equipment: ["band"], types: ["strength", "mobility"], level: "beginner", gender: "female",
  },
  {
    key: "bandWalk",
    name: { en: "Banded lateral walk", de: "Seitliches Gehen mit Band", fr: "Marche latérale avec élastique", es: "Paso lateral con banda" },
    setup: { en: "Band above your knees, half squat, step sideways", de: "Band über den Knien, halbe Hocke, seitlich gehen", fr: "Élastique au-dessus des genoux, demi-squat, pas chassés" },
    pattern: "squat", muscles: ["glutes"], equipment: ["band"], types: ["strength"], level: "beginner", gender: "female", orientation: "alternating",
  },
  {
    key: "cableFacePull",
    name: { en: "Cable face pull", de: "Face Pull am Kabelzug", fr: "Face pull à la poulie", es: "Face pull en polea" },
    setup: { en: "Rope at eye height, pull it toward your face with elbows high", de: "Seil auf Augenhöhe, mit hohen Ellbogen zum Gesicht ziehen", fr: "Corde à hauteur des yeux, tirez vers le visage coudes hauts" },
    pattern: "pull", muscles: ["upperBack", "shoulders"], equipment: ["cableMachine"], types: ["strength"], level: "intermediate", gender: "male", load: [10, 20],
  },
  {
    key: "rowErg",
    name: { en: "Rowing machine", de: "Rudern am Ergometer", fr: "Rameur", es: "Remo en máquina" },
    setup: { en: "Legs, then body, then arms; reverse the order on the way back", de: "Beine, dann Oberkörper, dann Arme; zurück in umgekehrter Reihenfolge", fr: "Jambes, buste puis bras ; dans l'ordre inverse au retour", es: "Piernas, tronco y brazos; al volver, en orden inverso" },
    pattern: "cardio", muscles: ["upperBack", "quads", "lats"], equipment: ["rower"], types: ["cardio"], level: "beginner", gender: "male", isTimed: true,
  },
  {
    key: "jumpRope",
    name: { en: "Jump rope", de: "Seilspringen", fr: "Corde à sauter", es: "Saltar a la comba" },
    setup: { en: "Turn the rope from your wrists and hop just high enough to clear it", de: "Das Seil aus den Handgelenken drehen und nur so hoch springen wie nötig", fr: "Faites tourner la corde avec les poignets, sautez juste assez haut", es: "Gira la comba con las muñecas y salta lo justo" },
    pattern: "cardio", muscles: ["calves", "shoulders"], equipment: ["jumpRope"], types: ["cardio", "hiit"], level: "beginner", gender: "female", isTimed: true,
  },
  {
    key: "boxJump",
    name: { en: "Box jump", de: "Box Jump", fr: "Saut sur box", es: "Salto al cajón" },
    setup: { en: "Stand an arm's length from the box, jump up and step down", de: "Eine Armlänge vor der Box stehen, hochspringen und hinabsteigen", fr: "À une longueur de bras de la box, sautez dessus puis redescendez en marchant", es: "A un brazo del cajón, salta encima y baja caminando" },
    pattern: "jump", muscles: ["quads", "glutes", "calves"], equipment: ["plyoBox"], types: ["hiit"], level: "intermediate", gender: "male",
  },
  {
    key: "ballSlam",
    name: { en: "Medicine ball slam", de: "Medizinball-Slam", fr: "Slam au médecine-ball", es: "Lanzamiento de balón medicinal" },
    setup: { en: "Reach the ball overhead and slam it down in front of your feet", de: "Ball über den Kopf führen und kraftvoll vor die Füße werfen", fr: "Montez la balle au-dessus de la tête et frappez le sol devant vos pieds", es: "Lleva el balón arriba y lánzalo con fuerza frente a tus pies" },
    pattern: "jump", muscles: ["abs", "shoulders", "lats"], equipment: ["medicineBall"], types: ["hiit"], level: "intermediate", gender: "female", load: [4, 8],
  },
  {
    key: "catCow",
    name: { en: "Cat-cow", de: "Katze-Kuh", fr: "Chat-vache", es: "Gato-vaca" },
    setup: { en: "On all fours, round your back up, then let your belly sink", de: "Im Vierfüßlerstand den Rücken rund machen, dann den Bauch sinken lassen", fr: "À quatre pattes, arrondissez le dos puis creusez-le", es: "A cuatro patas, redondea la espalda y luego deja caer el abdomen" },
    pattern: "mobility", muscles: ["lowerBack", "upperBack"], equipment: ["mat"], types: ["mobility", "yoga"], level: "beginner", gender: "female",
  },
  {
    key: "downwardDog",
    name: { en: "Downward dog", de: "Herabschauender Hund", fr: "Chien tête en bas", es: "Perro boca abajo" },
    setup: { en: "Hands and feet on the mat, hips high, heels reaching down", de: "Hände und Füße auf der Matte, Hüfte hoch, Fersen Richtung Boden", fr: "Mains et pieds au sol, bassin haut, talons vers le sol", es: "Manos y pies en la esterilla, cadera alta y talones hacia el suelo" },
    pattern: "stretch", muscles: ["hamstrings", "calves", "shoulders"], equipment: ["mat"], types: ["yoga", "stretching"], level: "beginner", gender: "female", isTimed: true,
  },
  {
    key: "worldsGreatestStretch",
    name: { en: "World's greatest stretch", de: "World's Greatest Stretch", fr: "World's greatest stretch", es: "El mejor estiramiento del mundo" },
    setup: { en: "From a lunge, place both hands inside your front foot, then rotate and reach up", de: "Aus dem Ausfallschritt beide Hände innen neben den vorderen Fuß, dann aufdrehen und nach oben greifen", fr: "En fente, mains à l'intérieur du pied avant, puis rotation bras vers le ciel" },
    pattern: "mobility", muscles: ["hipFlexors", "hamstrings", "upperBack"], equipment: [], types: ["mobility"], level: "beginner", gender: "male", orientation: "alternating",
  },
  {
    key: "childsPose",
    name: { en: "Child's pose", de: "Stellung des Kindes", fr: "Posture de l'enfant", es: "Postura del niño" },
    setup: { en: "Knees wide, sit back on your heels and stretch your arms forward", de: "Knie weit, aufs Gesäß zurücksetzen und die Arme nach vorn strecken", fr: "Genoux écartés, asseyez-vous sur les talons et tendez les bras devant", es: "Rodillas separadas, siéntate en los talones y estira los brazos" },
    pattern: "stretch", muscles: ["lowerBack", "lats"], equipment: ["mat"], types: ["yoga", "stretching"], level: "beginner", gender: "female", isTimed: true,
  },
  {
    key: "hipFlexorStretch",
    name: { en: "Kneeling hip flexor stretch", de: "Hüftbeuger-Dehnung im Kniestand", fr: "Étirement des fléchisseurs de hanche à genou", es: "Estiramiento de flexores de cadera de rodillas" },
    setup: { en: "Half-kneeling, tuck your pelvis and shift forward gently", de: "Im halben Kniestand das Becken aufrichten und sanft nach vorn schieben", fr: "En demi-genou, rétroversez le bassin et avancez doucement" },
    pattern: "stretch", muscles: ["hipFlexors", "quads"], equipment: ["mat"], types: ["stretching", "mobility"], level: "beginner", gender: "male", orientation: "left", isTimed: true,
  },
  {
    key: "hamstringStretch",
    name: { en: "Standing hamstring stretch", de: "Dehnung der Oberschenkelrückseite im Stand", fr: "Étirement des ischio-jambiers debout", es: "Estiramiento de isquiotibiales de pie" },
    setup: { en: "Heel on a low step, leg straight, hinge forward from your hips", de: "Ferse auf eine niedrige Stufe, Bein gestreckt, aus der Hüfte nach vorn beugen", fr: "Talon sur une marche basse, jambe tendue, penchez-vous depuis les hanches", es: "Talón en un escalón bajo, pierna estirada, inclínate desde la cadera" },
    pattern: "stretch", muscles: ["hamstrings"], equipment: [], types: ["stretching"], level: "beginner", gender: "female", orientation: "right", isTimed: true,
  },
  {
    key: "foamRollBack",
    name: { en: "Foam roll: upper back", de: "Faszienrolle: oberer Rücken", fr: "Rouleau : haut du dos", es: "Rodillo: espalda alta" },
    setup: { en: "Roller under your shoulder blades, hips lifted, roll slowly", de: "Rolle unter den Schulterblättern, Hüfte angehoben, langsam rollen", fr: "Rouleau sous les omoplates, bassin levé, roulez lentement" },
    pattern: "mobility", muscles: ["upperBack"], equipment: ["foamRoller"], types: ["mobility", "stretching"], level: "beginner", gender: "male", isTimed: true,
  },
  {
    key: "armCircles",
    name: { en: "Arm circles", de: "Armkreisen", fr: "Cercles de bras", es: "Círculos de brazos" },
    setup: { en: "Arms out to the sides, draw small circles that grow bigger", de: "Arme seitlich ausstrecken und kleine Kreise ziehen, die größer werden", fr: "Bras tendus sur les côtés, dessinez de petits cercles qui s'agrandissent", es: "Brazos en cruz, dibuja círculos pequeños que se van agrandando" },
    pattern: "mobility", muscles: ["shoulders"], equipment: [], types: ["mobility"], level: "beginner", gender: "female", isTimed: true,
  },
  {
    key: "hundred",
    name: { en: "The hundred", de: "Hundred", fr: "Le hundred", es: "El hundred" },
    setup: { en: "Head and legs lifted, pump your arms for five counts in and five counts out", de: "Kopf und Beine angehoben, die Arme fünf Zählzeiten ein- und fünf ausatmend pumpen", fr: "Tête et jambes levées, battez des bras cinq temps à l'inspire, cinq à l'expire" },
    pattern: "core", muscles: ["abs", "hipFlexors"], equipment: ["mat"], types: ["pilates", "core"], level: "intermediate", gender: "female", isTimed: true,
  },
];
