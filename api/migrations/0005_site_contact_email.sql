-- Where the Contact links write to; empty hides them. Admins set it in the site settings.
alter table site_settings add column contact_email varchar(320) not null default '';
