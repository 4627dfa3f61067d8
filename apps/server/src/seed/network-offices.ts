/**
 * The offices of the network seeded on first start: real cities with their
 * postal codes and coordinates (town centre). Dijon is the inactive one, an
 * office that has left the network and must not appear in pickers or on the map.
 */
export interface OfficeSeed {
  city: string;
  postalCode: string;
  street: string;
  latitude: number;
  longitude: number;
  phone: string;
  active: boolean;
}

export const NETWORK_OFFICES: OfficeSeed[] = [
  {
    city: 'Paris',
    postalCode: '75008',
    street: '24 rue de la Boétie',
    latitude: 48.8727,
    longitude: 2.3133,
    phone: '01 42 65 18 30',
    active: true,
  },
  {
    city: 'Lyon',
    postalCode: '69002',
    street: '8 place Bellecour',
    latitude: 45.7578,
    longitude: 4.832,
    phone: '04 78 37 52 14',
    active: true,
  },
  {
    city: 'Marseille',
    postalCode: '13001',
    street: '41 la Canebière',
    latitude: 43.2965,
    longitude: 5.3764,
    phone: '04 91 54 27 60',
    active: true,
  },
  {
    city: 'Bordeaux',
    postalCode: '33000',
    street: '15 cours de l’Intendance',
    latitude: 44.8416,
    longitude: -0.5763,
    phone: '05 56 44 81 09',
    active: true,
  },
  {
    city: 'Toulouse',
    postalCode: '31000',
    street: '3 place du Capitole',
    latitude: 43.6044,
    longitude: 1.4436,
    phone: '05 61 21 47 35',
    active: true,
  },
  {
    city: 'Nantes',
    postalCode: '44000',
    street: '12 rue Crébillon',
    latitude: 47.2133,
    longitude: -1.5602,
    phone: '02 40 48 16 72',
    active: true,
  },
  {
    city: 'Lille',
    postalCode: '59000',
    street: '27 rue Esquermoise',
    latitude: 50.6383,
    longitude: 3.0614,
    phone: '03 20 57 33 48',
    active: true,
  },
  {
    city: 'Strasbourg',
    postalCode: '67000',
    street: '5 place Kléber',
    latitude: 48.5833,
    longitude: 7.7458,
    phone: '03 88 32 64 21',
    active: true,
  },
  {
    city: 'Montpellier',
    postalCode: '34000',
    street: '10 place de la Comédie',
    latitude: 43.6085,
    longitude: 3.8797,
    phone: '04 67 60 25 93',
    active: true,
  },
  {
    city: 'Rennes',
    postalCode: '35000',
    street: '6 quai Lamartine',
    latitude: 48.1093,
    longitude: -1.6798,
    phone: '02 99 79 40 56',
    active: true,
  },
  {
    city: 'Nice',
    postalCode: '06000',
    street: '19 avenue Jean Médecin',
    latitude: 43.7034,
    longitude: 7.2663,
    phone: '04 93 87 12 65',
    active: true,
  },
  {
    city: 'Grenoble',
    postalCode: '38000',
    street: '2 place Grenette',
    latitude: 45.1907,
    longitude: 5.7275,
    phone: '04 76 46 58 17',
    active: true,
  },
  {
    city: 'Dijon',
    postalCode: '21000',
    street: '31 rue de la Liberté',
    latitude: 47.3226,
    longitude: 5.0398,
    phone: '03 80 30 71 24',
    active: false,
  },
];

export function officeSlug(city: string): string {
  return city
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
}
