-- The spec's three sample campaigns (rupees). Reference data every environment needs: the
-- fundraising page lists them, pledges raise them. Later changes to a campaign are new migrations.
INSERT INTO "community"."campaigns" ("id", "title", "tag", "description", "upi_id", "raised", "goal", "emoji", "position") VALUES
  ('1', 'Library Expansion Fund', 'Education', 'Help us add new reference books, study desks and a quiet reading corner to the central library, open to every student.', 'libraryfund@sbi', 45000, 100000, '📚', 1),
  ('2', 'Campus Health Drive', 'Health', 'Free health check-ups, a blood donation camp and a first-aid kit in every hostel block, run with the campus medical centre.', 'healthdrive@sbi', 30000, 50000, '🏥', 2),
  ('3', 'Sports Equipment Upgrade', 'Sports', 'New cricket kits, footballs, badminton nets and a repaired basketball court for the inter-college season.', 'sportsfund@sbi', 20000, 40000, '⚽', 3)
ON CONFLICT ("id") DO NOTHING;
