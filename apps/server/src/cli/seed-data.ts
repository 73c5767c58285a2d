/** Vocabulary of the demo seed: people, board topics and words for pin titles. */
export const SEED_PEOPLE = [
  ['maya_lindqvist', 'Maya', 'Lindqvist', 'Slow living, small kitchens and big windows.'],
  ['theo.okafor', 'Theo', 'Okafor', 'Trail runner. Camp cook. Map collector.'],
  ['ines_moreau', 'Inès', 'Moreau', 'Textile designer in Lyon.'],
  ['kenji_arai', 'Kenji', 'Arai', 'Woodworking on weekends, espresso every day.'],
  ['priya_raman', 'Priya', 'Raman', 'Plants, prints and weekday dinners.'],
  ['lucas_ferreira', 'Lucas', 'Ferreira', 'Street photography and old cars.'],
  ['hannah_cole', 'Hannah', 'Cole', 'Planning a wedding and a garden at the same time.'],
  ['omar_haddad', 'Omar', 'Haddad', 'Architecture student. Concrete enthusiast.'],
  ['sofia_rossi', 'Sofia', 'Rossi', 'Baking bread, knitting, repeat.'],
  ['northwind_studio', 'Northwind', 'Studio', 'A small design studio sharing what inspires us.'],
] as const;

export interface SeedTopic {
  board: string;
  domain: string;
  hashtags: string[];
  nouns: string[];
  adjectives: string[];
  sections?: string[];
}

export const SEED_TOPICS: SeedTopic[] = [
  {
    board: 'Cozy living rooms',
    domain: 'homebodyjournal.com',
    hashtags: ['homedecor', 'livingroom', 'interiors'],
    nouns: ['reading nook', 'sofa corner', 'gallery wall', 'fireplace', 'window seat'],
    adjectives: ['Warm', 'Minimal', 'Scandinavian', 'Layered', 'Sunlit'],
    sections: ['Lighting', 'Rugs', 'Shelves'],
  },
  {
    board: 'Weeknight dinners',
    domain: 'smallkitchenrecipes.com',
    hashtags: ['recipes', 'dinner', 'easyrecipes'],
    nouns: ['noodle bowl', 'sheet-pan chicken', 'lentil soup', 'tacos', 'risotto'],
    adjectives: ['15-minute', 'One-pot', 'Crispy', 'Spicy', 'Creamy'],
    sections: ['Vegetarian', 'Soups'],
  },
  {
    board: 'Places to go',
    domain: 'wanderlines.co',
    hashtags: ['travel', 'wanderlust', 'roadtrip'],
    nouns: ['coastal village', 'mountain hut', 'old town', 'night market', 'lake cabin'],
    adjectives: ['Hidden', 'Quiet', 'Colourful', 'Wild', 'Historic'],
    sections: ['Europe', 'Asia', 'Road trips'],
  },
  {
    board: 'Garden ideas',
    domain: 'greenthumbdaily.com',
    hashtags: ['garden', 'plants', 'balconygarden'],
    nouns: ['raised bed', 'herb spiral', 'balcony jungle', 'cottage border', 'seed tray'],
    adjectives: ['Tiny', 'Lush', 'Low-water', 'Shady', 'Edible'],
  },
  {
    board: 'Autumn outfits',
    domain: 'thestyleedit.net',
    hashtags: ['fashion', 'fallfashion', 'ootd'],
    nouns: ['trench coat', 'knit layers', 'wide-leg trousers', 'loafers', 'wool scarf'],
    adjectives: ['Classic', 'Oversized', 'Earthy', 'Tailored', 'Relaxed'],
  },
  {
    board: 'DIY projects',
    domain: 'makerweekend.com',
    hashtags: ['diy', 'crafts', 'upcycle'],
    nouns: ['plywood shelf', 'macramé hanger', 'tiled tray', 'lamp makeover', 'pegboard'],
    adjectives: ['Easy', 'Budget', 'Weekend', 'Upcycled', 'Modular'],
    sections: ['Woodworking', 'Textiles'],
  },
  {
    board: 'Art I love',
    domain: 'colourfieldgallery.org',
    hashtags: ['art', 'abstractart', 'painting'],
    nouns: ['colour study', 'gradient print', 'risograph', 'gouache sketch', 'collage'],
    adjectives: ['Bold', 'Soft', 'Geometric', 'Dreamy', 'Vivid'],
  },
  {
    board: 'Home workouts',
    domain: 'movedaily.fit',
    hashtags: ['fitness', 'workout', 'yoga'],
    nouns: ['core routine', 'mobility flow', 'kettlebell circuit', 'stretch plan', 'yoga sequence'],
    adjectives: ['10-minute', 'Beginner', 'Full-body', 'Gentle', 'Morning'],
  },
  {
    board: 'Wedding inspiration',
    domain: 'loveandlinen.com',
    hashtags: ['wedding', 'weddingideas', 'bride'],
    nouns: ['table setting', 'bouquet', 'arch', 'invitation suite', 'cake'],
    adjectives: ['Rustic', 'Elegant', 'Garden', 'Boho', 'Modern'],
    sections: ['Flowers', 'Tables', 'Dresses'],
  },
  {
    board: 'Concrete and light',
    domain: 'archivepress.net',
    hashtags: ['architecture', 'design', 'brutalism'],
    nouns: ['stairwell', 'courtyard', 'facade', 'library', 'pavilion'],
    adjectives: ['Brutalist', 'Curved', 'Sunlit', 'Monolithic', 'Modernist'],
  },
  {
    board: 'Bread and baking',
    domain: 'crumbandcrust.com',
    hashtags: ['baking', 'sourdough', 'bread'],
    nouns: ['sourdough loaf', 'focaccia', 'cinnamon rolls', 'galette', 'bagels'],
    adjectives: ['Overnight', 'Rustic', 'Buttery', 'No-knead', 'Seeded'],
  },
  {
    board: 'Coffee corner',
    domain: 'morningpour.coffee',
    hashtags: ['coffee', 'espresso', 'coffeebar'],
    nouns: ['pour-over setup', 'coffee bar', 'latte art', 'espresso cart', 'cold brew'],
    adjectives: ['Compact', 'Handmade', 'Perfect', 'Iced', 'Small-batch'],
  },
];

/**
 * Pin titles and descriptions: `{adj}` and `{noun}` are the topic's words, `{a noun}` and
 * `{a adj noun}` take the article the words need ('an arch', 'loafers'), `{this noun}` the
 * demonstrative ('this tray', 'these bagels'); `fillSeedPattern` fills them.
 */
export const SEED_TITLE_PATTERNS = [
  '{adj} {noun}',
  '{adj} {noun} ideas',
  'How to make {a noun}',
  'The {adj} {noun} guide',
  '{noun} inspiration',
  'Our {adj} {noun}',
];

export const SEED_DESCRIPTION_PATTERNS = [
  'Saving {this noun} for later. {tags}',
  'Ideas for {a adj noun} in a small space. {tags}',
  'Step-by-step notes on {this noun}, with everything you need. {tags}',
  'Could not stop looking at {this noun}. {tags}',
  '',
];

/** The vocabulary's plural nouns end in a single s ('loafers', 'tacos'; not 'glass'). */
export function isPluralNoun(noun: string): boolean {
  return /[^s]s$/.test(noun);
}

/** Nouns of the vocabulary one does not count ('How to make cold brew'): no article either. */
const MASS_NOUNS = new Set(['latte art', 'cold brew', 'sheet-pan chicken']);

/** 'a raised bed', 'an arch', 'a one-pot dinner', 'loafers': the article before `phrase`. */
function withArticle(phrase: string, noun: string): string {
  if (isPluralNoun(noun) || MASS_NOUNS.has(noun)) return phrase;
  // A vowel letter, except 'one' (said with a w); 'u' words of the vocabulary ('upcycled') take 'an'.
  return /^[aeiou]/i.test(phrase) && !/^one\b/i.test(phrase) ? `an ${phrase}` : `a ${phrase}`;
}

/** A pattern filled with a topic's words and hashtags, in grammatical English. */
export function fillSeedPattern(
  pattern: string,
  words: { adj: string; noun: string },
  tags: string[],
): string {
  const adj = words.adj.toLowerCase();
  const { noun } = words;
  return pattern
    .replace('{a adj noun}', withArticle(`${adj} ${noun}`, noun))
    .replace('{a noun}', withArticle(noun, noun))
    .replace('{this noun}', `${isPluralNoun(noun) ? 'these' : 'this'} ${noun}`)
    .replace('{adj}', adj)
    .replace('{noun}', noun)
    .replace('{tags}', tags.map((tag) => `#${tag}`).join(' '))
    .trim();
}
