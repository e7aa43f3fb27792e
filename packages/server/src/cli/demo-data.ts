/**
 * Cities of the demo project, with real coordinates and area codes; two stores each make about fifty locations.
 */
export const DEMO_CITIES = [
  { city: 'New York', state: 'NY', areaCode: '212', postcode: '10001', lat: 40.7506, lng: -73.9972 },
  { city: 'Brooklyn', state: 'NY', areaCode: '718', postcode: '11201', lat: 40.6943, lng: -73.9903 },
  { city: 'Boston', state: 'MA', areaCode: '617', postcode: '02108', lat: 42.3576, lng: -71.0637 },
  { city: 'Philadelphia', state: 'PA', areaCode: '215', postcode: '19103', lat: 39.9526, lng: -75.1711 },
  { city: 'Washington', state: 'DC', areaCode: '202', postcode: '20001', lat: 38.9101, lng: -77.0147 },
  { city: 'Atlanta', state: 'GA', areaCode: '404', postcode: '30303', lat: 33.7527, lng: -84.3918 },
  { city: 'Miami', state: 'FL', areaCode: '305', postcode: '33130', lat: 25.7663, lng: -80.2036 },
  { city: 'Orlando', state: 'FL', areaCode: '407', postcode: '32801', lat: 28.5421, lng: -81.379 },
  { city: 'Nashville', state: 'TN', areaCode: '615', postcode: '37203', lat: 36.1503, lng: -86.7908 },
  { city: 'Chicago', state: 'IL', areaCode: '312', postcode: '60601', lat: 41.8858, lng: -87.6229 },
  { city: 'Detroit', state: 'MI', areaCode: '313', postcode: '48226', lat: 42.3316, lng: -83.0466 },
  { city: 'Minneapolis', state: 'MN', areaCode: '612', postcode: '55401', lat: 44.9847, lng: -93.2696 },
  { city: 'St. Louis', state: 'MO', areaCode: '314', postcode: '63101', lat: 38.6315, lng: -90.1921 },
  { city: 'Austin', state: 'TX', areaCode: '512', postcode: '78701', lat: 30.2711, lng: -97.7437 },
  { city: 'Dallas', state: 'TX', areaCode: '214', postcode: '75201', lat: 32.7878, lng: -96.7995 },
  { city: 'Houston', state: 'TX', areaCode: '713', postcode: '77002', lat: 29.7567, lng: -95.3654 },
  { city: 'Denver', state: 'CO', areaCode: '303', postcode: '80202', lat: 39.7525, lng: -104.9995 },
  { city: 'Phoenix', state: 'AZ', areaCode: '602', postcode: '85004', lat: 33.4515, lng: -112.0685 },
  { city: 'Salt Lake City', state: 'UT', areaCode: '801', postcode: '84101', lat: 40.7566, lng: -111.8981 },
  { city: 'Las Vegas', state: 'NV', areaCode: '702', postcode: '89101', lat: 36.1724, lng: -115.1412 },
  { city: 'Los Angeles', state: 'CA', areaCode: '213', postcode: '90012', lat: 34.0614, lng: -118.2385 },
  { city: 'San Diego', state: 'CA', areaCode: '619', postcode: '92101', lat: 32.7194, lng: -117.1628 },
  { city: 'San Francisco', state: 'CA', areaCode: '415', postcode: '94103', lat: 37.7726, lng: -122.4099 },
  { city: 'Portland', state: 'OR', areaCode: '503', postcode: '97204', lat: 45.5184, lng: -122.6769 },
  { city: 'Seattle', state: 'WA', areaCode: '206', postcode: '98101', lat: 47.6101, lng: -122.3344 },
] as const;

export const DEMO_STREETS = [
  'Main St',
  'Market St',
  'Oak Ave',
  'Elm St',
  'Park Ave',
  'Broadway',
  'Maple Dr',
  'Pine St',
  'Cedar Ln',
  'Lake St',
];

export const DEMO_CONFIG = {
  /** What the hosted finder and store pages are titled with. */
  displayName: 'Demo Shop',
  types: [
    { name: 'Store', priority: 1, is_default: 1, label: 0 },
    { name: 'Outlet', priority: 2, is_default: 0, label: 1 },
    { name: 'Pickup point', priority: 3, is_default: 0, label: 0 },
  ],
  markers: [
    { name: 'Flagship', color: '#1e66f5', is_default: 1 },
    { name: 'Store', color: '#40a02b', is_default: 0 },
    { name: 'Outlet', color: '#fe640b', is_default: 0 },
  ],
  filters: ['Wheelchair access', 'Parking', 'Free Wi-Fi', 'Click & collect', 'Open late'],
  fields: ['Store manager', 'Opened in'],
  callsToAction: ['Order online', 'Book an appointment'],
} as const;

export const WEEKDAY_HOURS = {
  mon: '09:00-19:00',
  tue: '09:00-19:00',
  wed: '09:00-19:00',
  thu: '09:00-21:00',
  fri: '09:00-21:00',
  sat: '10:00-18:00',
  sun: 'closed',
};
export const OUTLET_HOURS = {
  mon: '10:00-20:00',
  tue: '10:00-20:00',
  wed: '10:00-20:00',
  thu: '10:00-20:00',
  fri: '10:00-22:00',
  sat: '10:00-22:00',
  sun: '11:00-18:00',
};

export const MANAGERS = [
  'Ada Lovelace',
  'Grace Hopper',
  'Alan Turing',
  'Katherine Johnson',
  'Edsger Dijkstra',
  'Barbara Liskov',
  'Donald Knuth',
  'Margaret Hamilton',
];
