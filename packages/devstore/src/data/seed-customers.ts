/**
 * Customer seed: Luma's sample customer Veronica Costello (id 1, `roni_cost@example.com`, password
 * `roni_cost3`, the one customer that can sign in for a customer token) and 339 generated customers, most with
 * a US address (Magento region ids), some in Europe, some with none.
 */
import { datetime, Prng } from "./prng.ts";
import type { Customer, CustomerAddress, Region } from "./types.ts";

export const DEMO_CUSTOMER = { email: "roni_cost@example.com", password: "roni_cost3" } as const;

const FIRST_NAMES = [
  "James", "Mary", "John", "Patricia", "Robert", "Jennifer", "Michael", "Linda", "William", "Elizabeth", "David", "Barbara",
  "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen", "Daniel", "Nancy", "Matthew", "Lisa",
  "Anthony", "Betty", "Mark", "Margaret", "Steven", "Sandra", "Paul", "Ashley", "Andrew", "Emily", "Joshua", "Donna",
  "Kevin", "Michelle", "Brian", "Carol", "George", "Amanda", "Edward", "Melissa", "Ronald", "Deborah", "Timothy", "Stephanie",
  "Jason", "Rebecca", "Ryan", "Sharon", "Jacob", "Laura", "Gary", "Cynthia", "Nicholas", "Kathleen", "Eric", "Amy",
];
const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez",
  "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson",
  "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright",
  "Scott", "Torres", "Nguyen", "Hill", "Flores", "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell",
  "Mitchell", "Carter", "Roberts", "Clarkson", "O'Brien", "Goldsmith", "Dubois", "Müller",
];

type City = [city: string, regionId: number, regionCode: string, region: string, postcode: string];
const US_CITIES: readonly City[] = [
  ["Austin", 57, "TX", "Texas", "78701"], ["Dallas", 57, "TX", "Texas", "75201"], ["Los Angeles", 12, "CA", "California", "90012"],
  ["San Diego", 12, "CA", "California", "92101"], ["New York", 43, "NY", "New York", "10001"], ["Buffalo", 43, "NY", "New York", "14201"],
  ["Chicago", 23, "IL", "Illinois", "60601"], ["Miami", 18, "FL", "Florida", "33101"], ["Seattle", 62, "WA", "Washington", "98101"],
  ["Denver", 13, "CO", "Colorado", "80202"], ["Boston", 32, "MA", "Massachusetts", "02108"], ["Detroit", 33, "MI", "Michigan", "48226"],
  ["Columbus", 47, "OH", "Ohio", "43215"], ["Atlanta", 19, "GA", "Georgia", "30303"], ["Phoenix", 4, "AZ", "Arizona", "85004"],
  ["Portland", 49, "OR", "Oregon", "97204"], ["Nashville", 56, "TN", "Tennessee", "37203"], ["Philadelphia", 51, "PA", "Pennsylvania", "19103"],
];
type EuCity = [city: string, country: string, postcode: string, region: string];
const EU_CITIES: readonly EuCity[] = [
  ["Paris", "FR", "75002", "Île-de-France"], ["Lyon", "FR", "69002", "Auvergne-Rhône-Alpes"], ["Berlin", "DE", "10115", "Berlin"],
  ["München", "DE", "80331", "Bayern"], ["London", "GB", "EC1A 1BB", "Greater London"], ["Amsterdam", "NL", "1012 JS", "Noord-Holland"],
];
const STREETS = ["Main Street", "Oak Avenue", "Maple Drive", "Cedar Lane", "Pine Street", "Elm Street", "Lake View Road", "Hillcrest Way", "Sunset Boulevard", "Park Place"];

const SIGN_UP_START = Date.UTC(2023, 0, 5, 10, 0, 0);
const SIGN_UP_SPAN_MS = 700 * 86_400_000;

function roni(): Customer {
  const region: Region = { region_code: "MI", region: "Michigan", region_id: 33 };
  const address: CustomerAddress = {
    id: 1,
    customer_id: 1,
    region,
    region_id: 33,
    country_id: "US",
    street: ["6146 Honey Bluff Parkway"],
    telephone: "(555) 229-3326",
    postcode: "49628-7978",
    city: "Calder",
    firstname: "Veronica",
    lastname: "Costello",
    default_shipping: true,
    default_billing: true,
  };
  return {
    id: 1,
    group_id: 1,
    default_billing: "1",
    default_shipping: "1",
    created_at: "2023-01-04 14:12:09",
    updated_at: "2024-05-18 08:30:41",
    created_in: "Default Store View",
    dob: "1973-12-15",
    email: DEMO_CUSTOMER.email,
    firstname: "Veronica",
    lastname: "Costello",
    gender: 2,
    store_id: 1,
    website_id: 1,
    addresses: [address],
    disable_auto_group_change: 0,
    extension_attributes: { is_subscribed: false },
  };
}

function address(rng: Prng, id: number, customerId: number, firstname: string, lastname: string): CustomerAddress {
  const street = [`${rng.int(1, 9999)} ${rng.pick(STREETS)}`];
  const telephone = `(555) ${rng.int(200, 999)}-${String(rng.int(0, 9999)).padStart(4, "0")}`;
  if (rng.chance(0.85)) {
    const [city, regionId, code, regionName, postcode] = rng.pick(US_CITIES);
    const region: Region = { region_code: code, region: regionName, region_id: regionId };
    return { id, customer_id: customerId, region, region_id: regionId, country_id: "US", street, telephone, postcode, city, firstname, lastname };
  }
  const [city, country, postcode, regionName] = rng.pick(EU_CITIES);
  const region: Region = { region_code: regionName, region: regionName, region_id: 0 };
  return { id, customer_id: customerId, region, region_id: 0, country_id: country, street, telephone, postcode, city, firstname, lastname };
}

const emailPart = (s: string) => s.normalize("NFD").replace(/[^A-Za-z]/g, "").toLowerCase();

export function seedCustomers(count = 340): Customer[] {
  const rng = new Prng(1_122_2026);
  const customers: Customer[] = [roni()];
  let addressId = 1;
  for (let id = 2; id <= count; id++) {
    const firstname = rng.pick(FIRST_NAMES);
    const lastname = rng.pick(LAST_NAMES);
    const createdMs = SIGN_UP_START + Math.floor(((id - 1) / count) * SIGN_UP_SPAN_MS) + rng.int(0, 86_399) * 1000;
    const storeId = rng.chance(0.1) ? 2 : 1;
    const customer: Customer = {
      id,
      group_id: rng.chance(0.1) ? 2 : rng.chance(0.05) ? 3 : 1,
      created_at: datetime(createdMs),
      updated_at: datetime(createdMs + (rng.chance(0.4) ? rng.int(1, 200) * 86_400_000 : 0)),
      created_in: storeId === 2 ? "French Store View" : "Default Store View",
      email: `${emailPart(firstname)}.${emailPart(lastname)}${id}@example.com`,
      firstname,
      lastname,
      gender: rng.int(0, 3),
      store_id: storeId,
      website_id: 1,
      addresses: [],
      disable_auto_group_change: 0,
      extension_attributes: { is_subscribed: rng.chance(0.3) },
    };
    if (rng.chance(0.4)) customer.dob = `19${rng.int(50, 99)}-${String(rng.int(1, 12)).padStart(2, "0")}-${String(rng.int(1, 28)).padStart(2, "0")}`;
    const addressCount = rng.chance(0.12) ? 0 : rng.chance(0.15) ? 2 : 1;
    for (let i = 0; i < addressCount; i++) customer.addresses.push(address(rng, ++addressId, id, firstname, lastname));
    const first = customer.addresses[0];
    if (first) {
      first.default_billing = true;
      first.default_shipping = true;
      customer.default_billing = String(first.id);
      customer.default_shipping = String(first.id);
    }
    customers.push(customer);
  }
  return customers;
}
