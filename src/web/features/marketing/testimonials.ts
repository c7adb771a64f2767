export type Testimonial = {
  name: string;
  location: string;
  year: number;
  verified: boolean;
  // Empty when the customer has not named their business yet.
  business: string;
  text: string;
};

export const testimonials: Testimonial[] = [
  {
    name: 'Maria Gonzalez',
    location: 'San Antonio, TX',
    year: 2024,
    verified: true,
    business: 'Gonzalez Bakery & Café',
    text: 'I had been baking out of my kitchen for years. They walked me through forming my LLC, got my EIN the same day and had my business bank account open within the week.',
  },
  {
    name: 'James Whitaker',
    location: 'Columbus, OH',
    year: 2023,
    verified: true,
    business: 'Whitaker Home Repair',
    text: 'The compliance reminders alone are worth it. I nearly missed my annual report the year before; this time I got a reminder a month ahead and filed it in ten minutes.',
  },
  {
    name: 'Aisha Thompson',
    location: 'Atlanta, GA',
    year: 2025,
    verified: true,
    business: '',
    text: 'I started with an idea and a spreadsheet. Six months later I have a registered company, a website and my first vendor accounts reporting to the business credit bureaus.',
  },
  {
    name: 'Kevin Nguyen',
    location: 'San Jose, CA',
    year: 2022,
    verified: true,
    business: 'Nguyen IT Solutions',
    text: 'Clear steps and no jargon. The dashboard shows exactly what is done and what is next, which is all a busy owner needs.',
  },
  {
    name: 'Rachel Kim',
    location: 'Seattle, WA',
    year: 2026,
    verified: true,
    business: 'Evergreen Pet Grooming',
    text: 'Support answered every question I had about an S corporation versus an LLC without pushing me either way. Professional from start to finish.',
  },
  {
    name: 'Marcus Johnson',
    location: 'Charlotte, NC',
    year: 2024,
    verified: true,
    business: 'Johnson Freight Logistics',
    text: 'Getting a D-U-N-S number and my first net-30 accounts was confusing on my own. Here it was a checklist, and my PAYDEX score keeps climbing.',
  },
  {
    name: 'Linda Carter',
    location: 'Denver, CO',
    year: 2023,
    verified: false,
    business: '',
    text: 'I am a retired teacher starting a tutoring service. They made the paperwork painless, and the payment plan made the whole program affordable.',
  },
  {
    name: 'Carlos Rivera',
    location: 'Miami, FL',
    year: 2025,
    verified: true,
    business: 'Rivera Landscaping',
    text: 'Website, business e-mail and map listing were done in two weeks. New customers now find me online instead of only by word of mouth.',
  },
  {
    name: 'Emily Foster',
    location: 'Nashville, TN',
    year: 2022,
    verified: true,
    business: 'Foster Creative Studio',
    text: 'Everything lives in one place: formation documents, bank details, deadlines. When my accountant asks for something, I have it in a minute.',
  },
  {
    name: 'David Okafor',
    location: 'Houston, TX',
    year: 2026,
    verified: true,
    business: 'Okafor Consulting Group',
    text: 'The Advanced program was the right fit for a company with two owners. Operating agreement, banking and credit building were handled in the right order.',
  },
  {
    name: 'Sarah Mitchell',
    location: 'Portland, ME',
    year: 2024,
    verified: false,
    business: 'Harbor Light Candles',
    text: 'I was nervous about making mistakes on the state filings. The team checked everything before it went out, and it was approved the first time.',
  },
  {
    name: 'Anthony Russo',
    location: 'Chicago, IL',
    year: 2023,
    verified: true,
    business: "Russo's Auto Detailing",
    text: 'Straightforward pricing, no surprises and real people on the phone. I have already sent two friends who are opening their own shops.',
  },
];
