/** A flat request the service accepts, as the create form sends it. */
export const validFlat = {
  name: 'Sunny 2BHK near the main gate',
  description: 'One room free in a 2BHK, ten minutes on foot to campus. Wi-Fi and a cook.',
  location: 'https://maps.google.com/?q=Kothrud+Pune',
  genderPreference: 'female',
  rent: 8500,
  moveInDate: '2026-07-01',
  contactInfo: '+91 98765 43210',
};
