/**
 * Norwegian text fragments the generator combines into descriptions, technical texts,
 * wash and care labels and reviews. Kept per material profile so a wool sweater never
 * claims a water column.
 */
import type { Profile } from './catalogue.ts';

/** Texts that depend on an article's material and function. */
export interface ProfileText {
  /** Opening sentences; `{noun}` is replaced by the lower-cased noun. */
  intro: readonly string[];
  /** Feature sentences, two or three are used. */
  features: readonly string[];
  /** Technical description builders; children's flag lowers the water column to docs/spec.md §15 000 mm. */
  tech: (child: boolean, pick: <T>(items: readonly T[]) => T) => string;
  wash: readonly string[];
  care: readonly string[];
}

const shellFabric = ['100 % polyester', '100 % polyamid', '88 % polyamid, 12 % elastan'];
const waterColumns = ['15 000', '20 000', '20 000', '28 000'];
const breathability = ['10 000', '15 000', '20 000', '25 000'];

const technicalWash = [
  'Vask 40°C',
  'Bruk flytende vaskemiddel',
  'Ikke bruk tøymykner',
  'Kan tørketromles på lav varme',
  'Skal ikke strykes',
  'Skal ikke renses',
];
const woolWash = [
  'Vask 30°C ullprogram',
  'Bruk ullvaskemiddel',
  'Ikke bruk tøymykner',
  'Skal ikke tørketromles',
  'Tørkes liggende',
];
const cottonWash = [
  'Vask 40°C',
  'Vask med like farger',
  'Kan tørketromles',
  'Stryk på middels varme',
];
const noWash = ['Skal ikke vaskes i maskin', 'Tørk av med fuktig klut'];

const reproof = ['Impregner etter behov', 'Heng til tørk', 'Lukk glidelåser og borrelås før vask'];

/** Text per material profile. */
export const profileText: Record<Profile, ProfileText> = {
  shell: {
    intro: [
      'Vanntett og pustende {noun} for tur i all slags vær.',
      'En lett og robust {noun} som holder vind og regn ute.',
      'Allsidig {noun} laget for lange dager på fjellet.',
    ],
    features: [
      'Tapede sømmer og vanntette glidelåser.',
      'Justerbar hette som følger hodebevegelsene.',
      'Ventilasjonsåpninger som slipper ut varme i motbakke.',
      'Forsterkninger på utsatte steder.',
      'Refleksdetaljer for bedre synlighet i mørket.',
    ],
    tech: (child, pick) =>
      `Vannsøyle: ${child ? '15 000' : pick(waterColumns)} mm. Pusteevne: ${pick(breathability)} g/m²/24t. Materiale: ${pick(shellFabric)} med PFC-fri DWR-behandling. 3-lags laminat, tapede sømmer.`,
    wash: technicalWash,
    care: reproof,
  },
  insulated: {
    intro: [
      'Varm og vanntett {noun} for kalde vinterdager.',
      'Godt isolert {noun} som tåler både sludd og kulde.',
      'En lun {noun} med syntetisk isolasjon som varmer også når den blir fuktig.',
    ],
    features: [
      'Avtakbar hette og høy krage.',
      'Innvendige mansjetter som stenger snøen ute.',
      'Mange lommer, også innerlomme til mobilen.',
      'Refleks foran og bak.',
      'Forlenget rygg som holder korsryggen varm.',
    ],
    tech: (child, pick) =>
      `Vannsøyle: ${child ? '15 000' : pick(['10 000', '15 000', '20 000'])} mm. Pusteevne: ${pick(['5 000', '8 000', '10 000'])} g/m²/24t. Isolasjon: ${pick(['120', '160', '200'])} g/m² resirkulert polyester. Ytterstoff: 100 % polyester.`,
    wash: technicalWash,
    care: reproof,
  },
  down: {
    intro: [
      'Lett og varm {noun} med dun av høy kvalitet.',
      'Klassisk {noun} som pakkes ned i sin egen lomme.',
      'En {noun} med enestående varme i forhold til vekten.',
    ],
    features: [
      'Sporbart dun fra ansvarlig produksjon.',
      'Vindtett ytterstoff med vannavstøtende behandling.',
      'Stretchkanter i ermer og nederkant.',
      'Kan pakkes ned i egen lomme.',
    ],
    tech: (_child, pick) =>
      `Fyll: ${pick(['80/20', '90/10'])} andedun, ${pick(['600', '700', '800'])} cuin. Ytterstoff: 100 % polyamid, vannavstøtende. Vekt ca. ${pick(['310', '380', '450', '520'])} g.`,
    wash: [
      'Vask 30°C skånsomt',
      'Bruk dunvaskemiddel',
      'Tørketromles med tørkeballer',
      'Skal ikke strykes',
    ],
    care: ['Oppbevares løst hengende', 'Rist dunet opp etter bruk'],
  },
  softshell: {
    intro: [
      'Smidig {noun} i stretchmateriale for aktiv bruk.',
      'Vindtett og pustende {noun} for tur og trening.',
      'En {noun} som beveger seg med deg.',
    ],
    features: [
      'Fireveis stretch for full bevegelsesfrihet.',
      'Børstet innside som gir god komfort.',
      'Forsterket på knær og sete.',
      'Lommer med glidelås.',
    ],
    tech: (_child, pick) =>
      `Vannsøyle: ${pick(['5 000', '8 000'])} mm. Pusteevne: ${pick(['10 000', '15 000'])} g/m²/24t. Materiale: ${pick(['92 % polyester, 8 % elastan', '90 % polyamid, 10 % elastan'])}.`,
    wash: technicalWash,
    care: reproof,
  },
  rain: {
    intro: [
      'Slitesterk {noun} som holder deg tørr i pøsregn.',
      'Klassisk {noun} i PU-materiale, helt vanntett.',
      'Lett og myk {noun} til regnværsdager.',
    ],
    features: [
      'Sveisede sømmer.',
      'Refleksdetaljer for god synlighet.',
      'Avtakbar hette.',
      'Justerbare bukseseler og fotstropper.',
      'Fri for PVC og ftalater.',
    ],
    tech: (child, pick) =>
      `Vannsøyle: ${child ? '15 000' : pick(['8 000', '10 000', '15 000'])} mm. Materiale: ${pick(['100 % polyuretan på polyesterbase', '100 % polyester med PU-belegg'])}. Sveisede sømmer.`,
    wash: ['Vask 40°C', 'Ikke bruk tøymykner', 'Skal ikke tørketromles', 'Skal ikke strykes'],
    care: ['Skyll av med lunkent vann', 'Heng til tørk'],
  },
  wool: {
    intro: [
      'Myk og varm {noun} i merinoull som ikke klør.',
      'En {noun} i ull som varmer selv når den er fuktig.',
      'Naturlig temperaturregulerende {noun} i fin merinoull.',
    ],
    features: [
      'Flatlåste sømmer som ikke gnager.',
      'Ull holder på varmen og tar opp fukt.',
      'Mulesingfri ull.',
      'Tåler mange vasker uten å miste formen.',
    ],
    tech: (_child, pick) =>
      `Materiale: ${pick(['100 % merinoull', '80 % merinoull, 20 % polyamid', '70 % merinoull, 30 % silke'])}. Fibertykkelse ${pick(['17,5', '18,5', '19,5'])} mikron, ${pick(['180', '200', '250'])} g/m².`,
    wash: woolWash,
    care: ['Luft plagget mellom hver bruk', 'Oppbevares sammenbrettet'],
  },
  fleece: {
    intro: [
      'Lun {noun} i myk fleece.',
      'Lett {noun} som passer som mellomlag.',
      'Varm {noun} til tur og fritid.',
    ],
    features: [
      'Høy krage med glidelås.',
      'Resirkulert polyester.',
      'Tommelhull i ermene.',
      'Lommer med glidelås.',
    ],
    tech: (_child, pick) =>
      `Materiale: 100 % resirkulert polyester, ${pick(['100', '200', '300'])} g/m² fleece.`,
    wash: ['Vask 40°C', 'Vask med vrangen ut', 'Ikke bruk tøymykner', 'Skal ikke tørketromles'],
    care: ['Heng til tørk'],
  },
  cotton: {
    intro: [
      'Behagelig {noun} i myk bomull.',
      'En {noun} til hverdag og fritid.',
      'Klassisk {noun} i økologisk bomull.',
    ],
    features: [
      'Rund hals med ribb.',
      'Løs og komfortabel passform.',
      'Trykk foran.',
      'Børstet innside.',
    ],
    tech: (_child, pick) =>
      `Materiale: ${pick(['100 % økologisk bomull', '60 % bomull, 40 % polyester', '95 % bomull, 5 % elastan'])}.`,
    wash: cottonWash,
    care: ['Vrenges før vask'],
  },
  tights: {
    intro: [
      'Smidig {noun} til løping og trening.',
      'Pustende {noun} som transporterer fukt bort fra huden.',
      'En {noun} med kompresjon som støtter musklene.',
    ],
    features: [
      'Høyt liv med snøring.',
      'Refleksdetaljer.',
      'Lomme til mobilen.',
      'Flatlåste sømmer.',
    ],
    tech: (_child, pick) =>
      `Materiale: ${pick(['78 % polyamid, 22 % elastan', '85 % polyester, 15 % elastan'])}. Hurtigtørkende.`,
    wash: ['Vask 40°C', 'Ikke bruk tøymykner', 'Skal ikke tørketromles'],
    care: ['Heng til tørk'],
  },
  runner: {
    intro: [
      'Lett og responsiv {noun} for daglig trening.',
      'Dempende {noun} for lange løpeturer.',
      'En stabil {noun} med godt grep.',
    ],
    features: [
      'Pustende overdel i mesh.',
      'Gummisåle med godt grep på vått underlag.',
      'Polstret hælkappe.',
      'Uttakbar innersåle.',
    ],
    tech: (_child, pick) =>
      `Dropp: ${pick(['4', '6', '8', '10'])} mm. Vekt: ca. ${pick(['240', '270', '300'])} g (str. 42). Overdel: tekstil. Såle: gummi og EVA.`,
    wash: noWash,
    care: ['Tørkes i romtemperatur, ikke på varmekilde', 'Ta ut innersålen etter bruk'],
  },
  hiker: {
    intro: [
      'Solid {noun} for tur i ulendt terreng.',
      'Komfortabel {noun} med vanntett membran.',
      'Lett {noun} for dagsturer og lengre fjellturer.',
    ],
    features: [
      'Vanntett og pustende membran.',
      'Gummisåle med dype knaster.',
      'Beskyttende tåhette.',
      'Stabil hælstøtte.',
    ],
    tech: (_child, pick) =>
      `Membran: vanntett og pustende. Overdel: ${pick(['nubuk og tekstil', 'semsket skinn og tekstil', 'fullnarvet skinn'])}. Såle: gummi.`,
    wash: noWash,
    care: ['Impregner før bruk', 'Tørkes i romtemperatur', 'Bruk skokrem på skinndeler'],
  },
  winterboot: {
    intro: [
      'Varm og vanntett {noun} til vinterføre.',
      'Fôret {noun} med godt grep på is og snø.',
      'En {noun} som holder føttene varme ned mot minus 20.',
    ],
    features: [
      'Varmt fôr og uttakbar filtsåle.',
      'Gummisåle med isgrep.',
      'Enkel å ta på med borrelås.',
      'Refleksdetaljer.',
    ],
    tech: (_child, pick) =>
      `Temperatur: ned til ${pick(['-15', '-20', '-25', '-30'])} °C. Overdel: tekstil og syntetisk skinn. Membran: vanntett.`,
    wash: noWash,
    care: ['Tørkes i romtemperatur', 'Ta ut innersålen etter bruk'],
  },
  leatherboot: {
    intro: [
      'Tidløs {noun} i skinn.',
      'Robust {noun} til by og tur.',
      'En {noun} i vannavstøtende skinn.',
    ],
    features: [
      'Fôr i ull.',
      'Slitesterk gummisåle.',
      'Glidelås på innsiden.',
      'Elastiske innfelt.',
    ],
    tech: (_child, pick) =>
      `Overdel: ${pick(['fullnarvet skinn', 'semsket skinn', 'oljet nubuk'])}. Fôr: ${pick(['ull', 'tekstil'])}. Såle: gummi.`,
    wash: noWash,
    care: ['Bruk skokrem jevnlig', 'Impregner før bruk'],
  },
  rubber: {
    intro: [
      'Klassisk {noun} i naturgummi.',
      'Lett og vanntett {noun} til regn og sølepytter.',
      'Myk {noun} som er enkel å ta på selv.',
    ],
    features: [
      'Refleks på skaftet.',
      'Sklisikker såle.',
      'Håndtak for enkel påkledning.',
      'Fri for PVC.',
    ],
    tech: (_child, pick) =>
      `Materiale: ${pick(['naturgummi', 'gummi', 'termoplastisk gummi'])}. Fôr: ${pick(['ingen', 'avtakbart fleecefôr', 'ullfilt'])}.`,
    wash: ['Skylles av med vann'],
    care: ['Oppbevares mørkt og kjølig', 'Tørkes i romtemperatur'],
  },
  knit: {
    intro: ['Myk {noun} i strikk.', 'Varm {noun} til kalde dager.', 'En {noun} med fleecefôr.'],
    features: [
      'Fleecefôr innvendig.',
      'Refleksmerke.',
      'Dusk på toppen.',
      'Dobbel strikk over ørene.',
    ],
    tech: (_child, pick) =>
      `Materiale: ${pick(['100 % merinoull', '50 % ull, 50 % akryl', '100 % akryl'])}. Fôr: ${pick(['fleece', 'ingen'])}.`,
    wash: woolWash,
    care: ['Tørkes liggende'],
  },
  sock: {
    intro: [
      'Varme og slitesterke {noun} til tur og hverdag.',
      'Myke {noun} med god demping under foten.',
      'Gode {noun} som holder føttene tørre og varme.',
    ],
    features: [
      'Forsterket hæl og tå.',
      'Flate sømmer over tærne.',
      'Ribbestrikk som holder sokken på plass.',
      'Ull som tar opp fukt og ikke lukter.',
    ],
    tech: (_child, pick) =>
      `Materiale: ${pick(['80 % merinoull, 18 % polyamid, 2 % elastan', '65 % ull, 33 % polyamid, 2 % elastan'])}.`,
    wash: woolWash,
    care: ['Vrenges før vask', 'Tørkes liggende'],
  },
  glove: {
    intro: [
      'Varme og vanntette {noun} til vinteren.',
      'Slitesterke {noun} med godt grep.',
      'Fôrede {noun} for kalde dager.',
    ],
    features: [
      'Lang mansjett med stramming.',
      'Forsterket håndflate.',
      'Touch-funksjon på pekefinger.',
      'Vottestropp.',
    ],
    tech: (_child, pick) =>
      `Vannsøyle: ${pick(['8 000', '10 000', '15 000'])} mm. Isolasjon: ${pick(['100', '150', '200'])} g syntetisk fyll.`,
    wash: ['Vask 30°C', 'Ikke bruk tøymykner', 'Skal ikke tørketromles'],
    care: ['Tørkes i romtemperatur'],
  },
  pack: {
    intro: [
      'Komfortabel {noun} til dagstur og hverdag.',
      'Robust {noun} med justerbar rygg.',
      'Lett {noun} med plass til alt du trenger.',
    ],
    features: [
      'Ventilert ryggplate.',
      'Regntrekk i bunnen.',
      'Hoftebelte med lommer.',
      'Plass til drikkeblære.',
      'Mange festepunkter.',
    ],
    tech: (_child, pick) =>
      `Volum: ${pick(['18', '24', '30', '45', '60'])} liter. Materiale: ${pick(['210D resirkulert polyamid', '420D polyester'])}. Vekt: ${pick(['650', '900', '1 300', '1 700'])} g.`,
    wash: ['Håndvask i lunkent vann', 'Skal ikke vaskes i maskin'],
    care: ['Tøm sekken og heng til tørk'],
  },
  bottle: {
    intro: [
      'Lekkasjesikker {noun} til tur og trening.',
      'Robust {noun} som holder drikken varm eller kald.',
      'En {noun} i rustfritt stål.',
    ],
    features: [
      'Fri for BPA.',
      'Dobbeltvegget og vakuumisolert.',
      'Tåler oppvaskmaskin.',
      'Bred åpning som er lett å rengjøre.',
    ],
    tech: (_child, pick) =>
      `Volum: ${pick(['0,5', '0,75', '1,0'])} liter. Materiale: ${pick(['rustfritt stål', 'tritan, BPA-fri'])}.`,
    wash: ['Tåler oppvaskmaskin'],
    care: ['Skru av lokket for tørking'],
  },
  helmet: {
    intro: [
      'Lett og trygg {noun} for alpint og frikjøring.',
      'Komfortabel {noun} med god ventilasjon.',
      'En {noun} med justerbar passform.',
    ],
    features: [
      'MIPS-system for beskyttelse mot rotasjonskrefter.',
      'Justerbar ventilasjon.',
      'Avtakbare øreputer.',
      'Feste for goggles bak.',
    ],
    tech: (_child, pick) =>
      `Sertifisering: EN 1077 klasse B. Konstruksjon: ${pick(['in-mold', 'hybrid'])}. Størrelsesjustering med hjul, ${pick(['52-56', '55-59', '58-62'])} cm.`,
    wash: ['Tørk av med fuktig klut'],
    care: ['Byttes etter kraftig slag', 'Oppbevares tørt'],
  },
  goggles: {
    intro: [
      'Goggles med skarpt syn i alle lysforhold.',
      'Komfortable alpinbriller med bredt synsfelt.',
      'Passer godt sammen med de fleste hjelmer.',
    ],
    features: [
      'Dobbel linse med anti-dugg.',
      '100 % UV-beskyttelse.',
      'Trippel skum mot ansiktet.',
      'Bred og justerbar strikk.',
    ],
    tech: (_child, pick) =>
      `Linse: ${pick(['sylindrisk', 'sfærisk', 'torisk'])}, kategori ${pick(['S1', 'S2', 'S3'])}. UV400. Passer over briller: ${pick(['ja', 'nei'])}.`,
    wash: ['Rengjør linsen med mikrofiberpose'],
    care: ['Oppbevares i pose', 'Ikke tørk innsiden av linsen når den er våt'],
  },
  pole: {
    intro: [
      'Lette alpinstaver med god svingvekt.',
      'Robuste staver som tåler tøffe tak.',
      'Staver med ergonomisk håndtak.',
    ],
    features: ['Justerbar håndleddsstropp.', 'Store trinser til puddersnø.', 'Herdet stålspiss.'],
    tech: (_child, pick) =>
      `Materiale: ${pick(['aluminium 7075', 'aluminium 5083', 'karbon'])}. Diameter ${pick(['16', '18'])} mm. Trinse: ${pick(['60', '90'])} mm.`,
    wash: ['Tørk av etter bruk'],
    care: ['Oppbevares tørt'],
  },
  drink: {
    intro: ['Leskende sportsdrikk med elektrolytter.', 'Isoton drikk til trening og tur.'],
    features: ['Tilsatt salter og mineraler.', 'Uten tilsatt sukker.', 'Leveres kald i butikk.'],
    tech: (_child, pick) =>
      `Volum: 0,5 liter. Smak: ${pick(['sitrus', 'bær', 'tropisk', 'eple'])}.`,
    wash: [],
    care: ['Oppbevares kjølig', 'Pant: 2 kr'],
  },
  bar: {
    intro: ['Energibar med havre og nøtter.', 'Proteinrik bar til tur og trening.'],
    features: ['Glutenfri.', 'Uten palmeolje.', 'Lett å ha med i lomma.'],
    tech: (_child, pick) =>
      `Vekt: ${pick(['40', '50', '60'])} g. Smak: ${pick(['sjokolade', 'peanøtt', 'bringebær', 'kokos'])}.`,
    wash: [],
    care: ['Oppbevares tørt og romtemperert'],
  },
};

/** General closing sentences. */
export const closings: readonly string[] = [
  'Laget for norske forhold.',
  'Et trygt valg for hele sesongen.',
  'Testet på fjellet av våre egne ansatte.',
  'Produsert med fokus på bærekraft.',
  'Perfekt til hverdag og helg.',
  'Medlemmer av kundeklubben får 5 års garanti på produktet ved kjøp i butikk.',
];

/** Nutrition text for food; null for everything else. */
export const nutrients = {
  drink:
    'Næringsinnhold per 100 ml: Energi 68 kJ / 16 kcal, Karbohydrater 3,9 g, hvorav sukkerarter 3,9 g, Salt 0,13 g.',
  bar: 'Næringsinnhold per 100 g: Energi 1 750 kJ / 418 kcal, Fett 18 g, hvorav mettede fettsyrer 3,5 g, Karbohydrater 48 g, hvorav sukkerarter 22 g, Fiber 6 g, Protein 12 g, Salt 0,3 g.',
} as const;

/** Norwegian first names for review signatures. */
export const firstNames: readonly string[] = [
  'Kari',
  'Ola',
  'Ingrid',
  'Lars',
  'Nora',
  'Emma',
  'Jakob',
  'Sofie',
  'Henrik',
  'Maja',
  'Anders',
  'Ida',
  'Magnus',
  'Thea',
  'Sindre',
  'Sara',
  'Erik',
  'Hanna',
  'Ole',
  'Marit',
  'Per',
  'Silje',
  'Tor',
  'Astrid',
  'Knut',
  'Solveig',
  'Eirik',
  'Line',
  'Håkon',
  'Ragnhild',
  'Øystein',
  'Åse',
  'Vegard',
  'Tuva',
  'Sigrid',
  'Martin',
  'Kristin',
  'Jonas',
  'Live',
  'Bjørn',
];

/** Review texts by rating (index 0 = 1 star). */
export const reviewTexts: readonly (readonly string[])[] = [
  [
    'Dessverre ikke fornøyd. Sømmen røk etter to uker.',
    'Lekket allerede første regnværsdag. Skuffende.',
    'Passformen var helt feil, og kvaliteten var dårligere enn forventet.',
  ],
  [
    'Grei nok, men ikke verdt prisen.',
    'Litt for tynn til norsk vinter.',
    'Fargen var annerledes enn på bildet.',
  ],
  [
    'Helt ok til prisen.',
    'Fungerer, men glidelåsen er litt tung.',
    'Greit produkt, men jeg hadde forventet litt mer.',
  ],
  [
    'Veldig fornøyd! God passform og god kvalitet.',
    'Brukt hele høsten, holder seg fint.',
    'Varm og god. Barna vil ha den på hver dag.',
    'Bra til prisen, anbefales.',
  ],
  [
    'Helt perfekt! Har brukt den på flere fjellturer og holdt meg tørr hele veien.',
    'Beste kjøpet i år. Lett, varm og ser bra ut.',
    'Tålte både sølepytter og akebakke. Kjøper gjerne igjen.',
    'Utrolig god kvalitet og rask levering med Klikk & Hent.',
  ],
];

/** Customer-service replies to reviews. */
export const reviewReplies: readonly string[] = [
  'Hei! Tusen takk for tilbakemeldingen. Vi er glade for at du er fornøyd!',
  'Hei, så leit å høre. Ta gjerne kontakt med kundeservice, så finner vi en løsning.',
  'Takk for at du tok deg tid til å skrive en anmeldelse. Husk at du kan reklamere i alle våre butikker.',
  'Hei! Vi har gitt beskjed til leverandøren. Ta kontakt med oss, så hjelper vi deg.',
];
