/**
 * The restaurant generator's fallback vocabulary, used when the city's files are not beside
 * the project. Invented for this project: the kinds of words city restaurant names are made of
 * (owners' names, places, food words, business words, corporate suffixes) with their
 * punctuation (apostrophes, &, periods, accents, numbers, #), weighted by position roughly as
 * in the city's names, but no real establishment's name; the chains are household brands. The
 * word-count weights are the share of one to eight-word names in the city's data.
 */

type Weighted = ReadonlyArray<readonly [string, number]>;

const w = (heavy: string[], light: string[]): Weighted => [...heavy.map((word) => [word, 4] as const), ...light.map((word) => [word, 1] as const)];

export const SHIPPED_WORDS = {
  lengths: [[1, 16], [2, 36], [3, 26], [4, 14], [5, 5], [6, 2], [7, 0.6], [8, 0.4]] as ReadonlyArray<readonly [number, number]>,

  alone: w(
    ['BELLAVISTA', 'OSTERIA', 'MARISOL', 'KOBAYA', 'TAVOLINO', 'CHEZ', 'BRASSICA', 'PARADISO', 'SOLSTICE', 'MERIDIAN'],
    ['ZAFFRAN', 'LUMIÈRE', 'KINFOLK', 'SAFFRONIA', 'BODEGUITA', 'TAKUMI', 'NONNINA', 'OAKWELL', 'FERRO', 'CASITA', 'HALCYON', 'MOKUMA',
      'TRIBECCA', 'VERDANT', "FIORELLA'S", 'GRUBSTAKE', 'PIQUANT', 'SUMAQ', 'BRIGANTINE', 'CALLOWAY', 'YUZUYA', 'HANAMI', 'LOTUSWOOD',
      'DULCINEA', 'MANGIAMO', 'ZOCALITO', 'TAMARIND', 'HEARTH', 'BLUESTONE', 'PEPPERCORN', 'WOODLARK', 'SAMOVAR', 'PIEROGIA'],
  ),

  first: w(
    ['THE', 'NEW', 'GOLDEN', 'LA', 'EL', 'CAFE', 'LUCKY', 'LITTLE', 'BEST', 'PIZZA', 'GRAND', 'BROOKLYN', 'HAPPY', 'JOHN', 'NY', 'MR.', 'ROYAL', 'SUSHI', 'GREEN', 'CHINA'],
    ["JOE'S", "TONY'S", "MAMA'S", "ROSA'S", "KIM'S", "SAL'S", "NONNA'S", "PAPA'S", "ANGIE'S", "LUIGI'S", "MARIA'S", 'CAFÉ', 'LE', 'LE PETIT', 'LOS',
      "D'AMICI", 'ST.', 'SAN', 'SANTA', 'EMPIRE', 'CITY', 'PARK', 'CORNER', 'SUNSET', 'BLUE', 'RED', 'SILVER', 'ORIGINAL', 'FAMOUS', 'FRESH',
      'SWEET', 'SPICY', 'HOT', 'BIG', 'TWO', '3', '99', 'NO. 1', 'A&J', 'J&R', 'K.C.', 'DOUBLE', 'OLD', 'QUEENS', 'BRONX', 'HARLEM', 'FLUSHING',
      'ASTORIA', 'CANAL', 'BOWERY', 'HUDSON', 'EAST', 'WEST', 'KING', 'GYRO', 'HALAL', 'TACO', 'BAGEL', 'DIM SUM', 'TAQUERIA', 'PANADERIA',
      'RESTAURANTE', 'TRATTORIA', 'PIZZERIA', 'BAR', 'OCEAN', 'JADE', 'LOTUS', 'HONG KONG', 'SHANGHAI', 'TOKYO', 'SEOUL', 'BOMBAY', 'DELHI',
      'MEXICO', 'PUEBLA', 'ISTANBUL', 'ATHENS', 'ROMA', 'NAPOLI', 'PARIS', 'HAVANA', 'KINGSTON', 'LAGOS', 'DHAKA', 'LIMA', 'QUITO'],
  ),

  middle: w(
    ['PIZZA', 'CHINESE', 'FRIED', 'CHICKEN', 'HOUSE', 'KITCHEN', 'DELI', 'CAFE', '&', 'GRILL', 'BAR', 'NOODLE', 'COFFEE'],
    ['OF', 'DE', 'DEL', 'LA', 'AND', 'STAR', 'GARDEN', 'PALACE', 'DRAGON', 'PHOENIX', 'TEA', 'BUBBLE', 'SUSHI', 'RAMEN', 'TACO', 'BURGER',
      'BAGEL', 'BAKE', 'SEAFOOD', 'STEAK', 'WOK', 'BBQ', 'HALAL', 'GYRO', 'JUICE', 'SALAD', 'SANDWICH', 'WINE', 'BEER', 'SPORTS', 'HOT POT',
      'DUMPLING', 'TAPAS', 'BISTRO', 'BRICK OVEN', 'WOOD-FIRED', 'EXPRESS', 'CUISINE', 'BAKERY', 'GOURMET', 'MARKET', 'FOOD', 'ITALIAN',
      'MEXICAN', 'THAI', 'INDIAN', 'KOREAN', 'JAPANESE', 'CARIBBEAN', 'JAMAICAN', 'GREEK', 'TURKISH', 'LATIN', 'SPANISH', 'DOMINICAN'],
  ),

  last: w(
    ['RESTAURANT', 'PIZZA', 'KITCHEN', 'CAFE', 'DELI', 'INC', 'LLC', 'GRILL', 'BAR', 'HOUSE', 'CORP', 'BAKERY', 'CHICKEN'],
    ['INC.', 'CORP.', 'LLC.', 'CO.', 'DINER', 'GARDEN', 'PALACE', 'EXPRESS', 'TAQUERIA', 'BISTRO', 'TRATTORIA', 'LOUNGE', 'TAVERN', 'PUB',
      'SUSHI', 'RAMEN', 'NOODLES', 'BAGELS', 'TACOS', 'BURGERS', 'WINGS', 'COFFEE', 'TEA', 'JUICE', 'GELATO', 'CREPES', 'DUMPLINGS', 'BBQ',
      'SEAFOOD', 'STEAKHOUSE', 'CANTINA', 'EATERY', 'BRASSERIE', 'SHOP', 'MARKET', 'CUISINE', 'CATERING', 'NYC', 'II', 'III', '2', '#2', '#48',
      'ON 5TH', '& GRILL', '& BAR', '& MORE', 'TO GO', 'CAFÉ', 'OSTERIA', 'PIZZERIA', 'PANADERIA', 'RESTAURANTE', 'HALAL', 'GYRO', 'DOSA'],
  ),

  chains: [
    ["DUNKIN'", 'Donuts'], ['STARBUCKS', 'Coffee/Tea'], ["MCDONALD'S", 'Hamburgers'], ['SUBWAY', 'Sandwiches'], ['POPEYES', 'Chicken'],
    ['CHIPOTLE MEXICAN GRILL', 'Mexican'], ['BURGER KING', 'Hamburgers'], ['KENNEDY FRIED CHICKEN', 'Chicken'], ["PAPA JOHN'S", 'Pizza'],
    ["DOMINO'S", 'Pizza'], ['CROWN FRIED CHICKEN', 'Chicken'], ['GOLDEN KRUST CARIBBEAN BAKERY & GRILL', 'Caribbean'], ["WENDY'S", 'Hamburgers'],
    ['TACO BELL', 'Mexican'], ['KFC', 'Chicken'], ['PRET A MANGER', 'Sandwiches'], ['SWEETGREEN', 'Salads'], ['JUST SALAD', 'Salads'],
    ["JOE & THE JUICE", 'Juice, Smoothies, Fruit Salads'], ["AUNTIE ANNE'S", 'Bagels/Pretzels'], ['PARIS BAGUETTE', 'Bakery Products/Desserts'],
    ['DUNKIN', 'Donuts'], ['CHECKERS', 'Hamburgers'], ['SHAKE SHACK', 'Hamburgers'], ['PANERA BREAD', 'Sandwiches'],
  ] as ReadonlyArray<readonly [string, string]>,

  cuisines: [
    ['American', 20], ['Chinese', 11], ['Coffee/Tea', 8], ['Pizza', 7], ['Italian', 5], ['Mexican', 5], ['Latin American', 4],
    ['Bakery Products/Desserts', 4], ['Caribbean', 3], ['Japanese', 4], ['Chicken', 3], ['Donuts', 2], ['Sandwiches', 2],
    ['Hamburgers', 2], ['Spanish', 2], ['Indian', 2], ['Thai', 2], ['Korean', 2], ['Jewish/Kosher', 2], ['Bagels/Pretzels', 2],
    ['Juice, Smoothies, Fruit Salads', 2], ['Mediterranean', 1], ['French', 1], ['Middle Eastern', 1], ['Greek', 1], ['Vietnamese/Cambodian/Malaysia', 1],
    ['Salads', 1], ['Seafood', 1], ['Steakhouse', 0.5], ['Turkish', 0.5], ['Bangladeshi', 0.5], ['Peruvian', 0.5], ['Tex-Mex', 0.5],
  ] as Weighted,

  /** Words that say what the food is. */
  cuisineWords: {
    PIZZA: 'Pizza', PIZZERIA: 'Pizza', CHINESE: 'Chinese', WOK: 'Chinese', DUMPLING: 'Chinese',
    DUMPLINGS: 'Chinese', SUSHI: 'Japanese', RAMEN: 'Japanese', TOKYO: 'Japanese', TACO: 'Mexican', TACOS: 'Mexican', TAQUERIA: 'Mexican',
    CANTINA: 'Mexican', MEXICAN: 'Mexican', PUEBLA: 'Mexican', BAGEL: 'Bagels/Pretzels', BAGELS: 'Bagels/Pretzels', COFFEE: 'Coffee/Tea',
    TEA: 'Coffee/Tea', BUBBLE: 'Coffee/Tea', CHICKEN: 'Chicken', WINGS: 'Chicken', BURGER: 'Hamburgers', BURGERS: 'Hamburgers',
    BAKERY: 'Bakery Products/Desserts', PANADERIA: 'Bakery Products/Desserts', GELATO: 'Frozen Desserts', CREPES: 'French',
    TRATTORIA: 'Italian', OSTERIA: 'Italian', ITALIAN: 'Italian', NAPOLI: 'Italian', ROMA: 'Italian', THAI: 'Thai', INDIAN: 'Indian',
    BOMBAY: 'Indian', DELHI: 'Indian', DOSA: 'Indian', KOREAN: 'Korean', SEOUL: 'Korean', JAMAICAN: 'Caribbean',
    KINGSTON: 'Caribbean', CARIBBEAN: 'Caribbean', GREEK: 'Greek', GYRO: 'Mediterranean', ATHENS: 'Greek', TURKISH: 'Turkish',
    ISTANBUL: 'Turkish', HALAL: 'Middle Eastern', JUICE: 'Juice, Smoothies, Fruit Salads', SALAD: 'Salads', SEAFOOD: 'Seafood',
    STEAKHOUSE: 'Steakhouse', DELI: 'Sandwiches', SANDWICH: 'Sandwiches', DHAKA: 'Bangladeshi', LIMA: 'Peruvian', DOMINICAN: 'Spanish',
    HAVANA: 'Latin American', QUITO: 'Latin American', SPANISH: 'Spanish', TAPAS: 'Spanish', BBQ: 'Barbecue',
  } as Record<string, string>,
};
