"""The pages xlbridge renders: the results website (a pairs session, a teams event), the table cards and
travellers of a movement, the printable hand records; one Jinja2 environment and the templates in web/ and html/."""
