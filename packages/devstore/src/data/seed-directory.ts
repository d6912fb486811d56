/**
 * `GET /V1/directory/countries`: a selection of countries, with the United States' regions under Magento's own
 * `directory_country_region` ids (Texas is 57, Michigan 33), so addresses posted by a client resolve the same
 * way they would on a real store.
 */
import type { CountryInformation } from "./types.ts";

const US_REGIONS: readonly [string, string][] = [
  ["AL", "Alabama"], ["AK", "Alaska"], ["AS", "American Samoa"], ["AZ", "Arizona"], ["AR", "Arkansas"],
  ["AE", "Armed Forces Africa"], ["AA", "Armed Forces Americas"], ["AE", "Armed Forces Canada"], ["AE", "Armed Forces Europe"],
  ["AE", "Armed Forces Middle East"], ["AP", "Armed Forces Pacific"], ["CA", "California"], ["CO", "Colorado"],
  ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"], ["FM", "Federated States Of Micronesia"],
  ["FL", "Florida"], ["GA", "Georgia"], ["GU", "Guam"], ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"],
  ["IN", "Indiana"], ["IA", "Iowa"], ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"], ["ME", "Maine"],
  ["MH", "Marshall Islands"], ["MD", "Maryland"], ["MA", "Massachusetts"], ["MI", "Michigan"], ["MN", "Minnesota"],
  ["MS", "Mississippi"], ["MO", "Missouri"], ["MT", "Montana"], ["NE", "Nebraska"], ["NV", "Nevada"],
  ["NH", "New Hampshire"], ["NJ", "New Jersey"], ["NM", "New Mexico"], ["NY", "New York"], ["NC", "North Carolina"],
  ["ND", "North Dakota"], ["MP", "Northern Mariana Islands"], ["OH", "Ohio"], ["OK", "Oklahoma"], ["OR", "Oregon"],
  ["PW", "Palau"], ["PA", "Pennsylvania"], ["PR", "Puerto Rico"], ["RI", "Rhode Island"], ["SC", "South Carolina"],
  ["SD", "South Dakota"], ["TN", "Tennessee"], ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"],
  ["VI", "Virgin Islands"], ["VA", "Virginia"], ["WA", "Washington"], ["WV", "West Virginia"], ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
];

const COUNTRIES: readonly [string, string, string][] = [
  ["AU", "AUS", "Australia"], ["AT", "AUT", "Austria"], ["BE", "BEL", "Belgium"], ["BR", "BRA", "Brazil"],
  ["CA", "CAN", "Canada"], ["CN", "CHN", "China"], ["DK", "DNK", "Denmark"], ["FI", "FIN", "Finland"],
  ["FR", "FRA", "France"], ["DE", "DEU", "Germany"], ["IN", "IND", "India"], ["IE", "IRL", "Ireland"],
  ["IT", "ITA", "Italy"], ["JP", "JPN", "Japan"], ["MX", "MEX", "Mexico"], ["NL", "NLD", "Netherlands"],
  ["NZ", "NZL", "New Zealand"], ["NO", "NOR", "Norway"], ["PL", "POL", "Poland"], ["PT", "PRT", "Portugal"],
  ["ES", "ESP", "Spain"], ["SE", "SWE", "Sweden"], ["CH", "CHE", "Switzerland"], ["GB", "GBR", "United Kingdom"],
  ["US", "USA", "United States"],
];

/** A fresh copy of the country list (callers may keep it for the life of one store). */
export function seedCountries(): CountryInformation[] {
  return COUNTRIES.map(([id, iso3, name]) => {
    const country: CountryInformation = {
      id,
      two_letter_abbreviation: id,
      three_letter_abbreviation: iso3,
      full_name_locale: name,
      full_name_english: name,
    };
    if (id === "US") country.available_regions = US_REGIONS.map(([code, regionName], i) => ({ id: String(i + 1), code, name: regionName }));
    return country;
  });
}
