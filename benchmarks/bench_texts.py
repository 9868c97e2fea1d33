"""Vocabulary and sentence templates of the generated memory texts (and their rewordings
used for the planted near-duplicates)."""

from __future__ import annotations

import random

NAMES = [
    "Anna", "Marco", "Giulia", "Luca", "Sofia", "José", "Zoë", "Chloé", "François", "Björn",
    "Ingrid", "Mateo", "Aiko", "Kenji", "Priya", "Arjun", "Fatima", "Omar", "Noah", "Emma",
    "Liam", "Olivia", "Ethan", "Mia", "Lucas", "Amélie", "Søren", "Nadia", "Yusuf", "Elena",
    "Dmitri", "Katya", "Hiro", "Mei", "Chen", "Ana", "Pedro", "Inês", "Tomás", "Léa", "Hugo",
    "Clara", "Felix", "Greta", "Jonas", "Lena", "Paolo", "Chiara", "Matteo", "Francesca",
    "Rafael", "Lucía", "Diego", "Valentina", "Samir", "Leila", "Kofi", "Amara", "Tariq", "Nora",
]
V: dict[str, list[str]] = {
    "food": ["pizza margherita", "sushi", "ramen", "tacos al pastor", "risotto", "pad thai",
             "falafel", "lasagne", "dumplings", "paella", "pho", "croissants", "carbonara",
             "biryani", "ceviche", "gnocchi", "bibimbap", "moussaka", "tiramisu", "goulash",
             "kimchi", "hummus", "poke bowls", "empanadas", "shakshuka", "pierogi", "couscous",
             "bruschetta", "quiche", "tortellini", "burrata", "katsu curry", "gelato"],
    "drink": ["espresso", "caffè ristretto", "green tea", "oat milk latte", "sparkling water",
              "red wine", "craft beer", "matcha", "chai", "cappuccino", "kombucha",
              "orange juice", "hot chocolate", "mint tea", "negroni", "lemonade", "cold brew",
              "yerba mate", "flat white", "rooibos", "macchiato", "earl grey"],
    "city": ["Rome", "Milan", "Lisbon", "Berlin", "Kyoto", "Oslo", "Barcelona", "Vienna",
             "Prague", "Dublin", "Seoul", "Montreal", "Buenos Aires", "Istanbul", "Copenhagen",
             "Porto", "Zürich", "Naples", "Edinburgh", "Marrakesh", "Bologna", "Helsinki",
             "Valencia", "Kraków", "Osaka", "Tbilisi"],
    "tool": ["PostgreSQL", "SQLite", "Kubernetes", "Terraform", "React", "Svelte", "Rust",
             "Go", "Python", "TypeScript", "Django", "FastAPI", "Redis", "Kafka", "DuckDB",
             "Polars", "Airflow", "Prefect", "Grafana", "Neovim", "VS Code", "Docker",
             "Ansible", "GraphQL", "gRPC", "ClickHouse", "Elasticsearch", "Next.js"],
    "hobby": ["bouldering", "trail running", "chess", "watercolor painting", "sourdough baking",
              "birdwatching", "jazz piano", "pottery", "sailing", "salsa dancing", "cycling",
              "yoga", "photography", "knitting", "gardening", "skiing", "rowing",
              "calligraphy", "stargazing", "woodworking", "fencing", "surfing"],
    "project": ["the billing migration", "the mobile app redesign", "the data warehouse",
                "the onboarding flow", "the search service", "the quarterly report",
                "the API gateway", "the analytics dashboard", "the payment retries",
                "the recommendation engine", "the wedding plans", "the kitchen renovation",
                "the garden shed", "the marathon training", "the thesis draft",
                "the podcast launch", "the tax return", "the hiring pipeline",
                "the security audit", "the conference talk"],
    "day": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "time": ["early in the morning", "before lunch", "after lunch", "in the late afternoon",
             "in the evening", "late at night", "during the commute", "at the weekend"],
    "month": ["January", "February", "March", "April", "May", "June", "July", "August",
              "September", "October", "November", "December"],
    "job": ["data engineer", "nurse", "architect", "high school teacher", "product manager",
            "chef", "veterinarian", "backend developer", "translator", "pharmacist",
            "civil engineer", "journalist", "UX designer", "physiotherapist", "accountant"],
    "lang": ["Italian", "Spanish", "Japanese", "German", "Portuguese", "French", "Korean",
             "Arabic", "Swedish", "Polish", "Greek", "Hindi", "Turkish", "Dutch"],
    "pet": ["a golden retriever", "two cats", "a parrot", "a rabbit", "a border collie",
            "a tortoise", "a beagle", "three goldfish", "a ferret", "a Maine Coon"],
    "petname": ["Biscotto", "Luna", "Pepper", "Milo", "Nala", "Otto", "Ziggy", "Tofu",
                "Mochi", "Bruno", "Kiwi", "Pixel"],
    "allergen": ["peanuts", "shellfish", "gluten", "lactose", "pollen", "cats", "penicillin",
                 "sesame", "kiwi fruit", "dust mites"],
    "opinion": ["excellent", "disappointing", "surprisingly good", "too salty", "overpriced",
                "worth the queue", "a bit bland", "fantastic"],
    "freq": ["every week", "twice a month", "on special occasions", "whenever possible",
             "almost every Friday", "after long runs"],
    "qual": ["usually", "always", "often", "politely", "quietly", "firmly"],
    "topic": ["vector databases", "sleep hygiene", "Roman history", "index funds",
              "container networking", "fermentation", "stoic philosophy", "sourdough starters",
              "query planners", "climbing technique", "negotiation", "urban gardening"],
}
TEMPLATES: dict[str, list[str]] = {
    "preference": [
        "Prefers {drink} over {drink2}, especially {time}.",
        "Loves {food} and orders it {freq}.",
        "Does not like {food}; {qual} avoids it when eating out.",
        "Favourite city is {city}, mostly because of the {food}.",
        "Enjoys {hobby} on {day}s {time}.",
        "Likes working with {tool} more than with {tool2}.",
    ],
    "decision": [
        "Decided to use {tool} instead of {tool2} for {project}.",
        "Chose {city} for the next team offsite in {month}.",
        "Agreed to ship {project} by the end of {month}.",
        "Will stop using {tool} once {project} is done.",
        "Decided to take {lang} lessons starting in {month}.",
    ],
    "habit": [
        "Goes {hobby} every {day} {time}.",
        "Drinks {drink} {time} every day.",
        "Reviews the notes on {project} each {day}.",
        "Calls family in {city} every {day} {time}.",
        "Reads about {topic} {time}.",
    ],
    "profile": [
        "Works as a {job} in {city}.",
        "Speaks {lang} and is learning {lang2}.",
        "Has {pet} named {petname}.",
        "Moved to {city} in {year} from {city2}.",
        "Is allergic to {allergen}.",
        "Grew up in {city} and studied {topic} at university.",
    ],
    "episode": [
        "I spent {day} {time} debugging {tool} for {project} and finally found the issue in "
        "the config.",
        "Yesterday I tried a new {food} place in {city} and it was {opinion}.",
        "We had a long meeting about {project}; {name} wants to move it to {tool} but I am "
        "not convinced.",
        "I booked a trip to {city} in {month} to go {hobby} with {name}.",
        "Finished reading about {topic} {time}, need to remember the part about {tool}.",
        "Met {name} for {drink} in {city} and we talked about {project} for hours.",
        "My {pet} kept me awake all night so I skipped {hobby} on {day}.",
    ],
}
TAILS = [
    "{name} agreed.", "It cost more than expected.", "Need to follow up in {month}.",
    "This came up again on {day}.", "{name} recommended it.", "Mentioned it twice already.",
    "Not sure it will last.", "It is related to {project}.", "Said it while talking about "
    "{topic}.", "Will tell {name} about it.",
]
CATEGORY_WEIGHTS = {"preference": 0.22, "decision": 0.14, "habit": 0.16, "profile": 0.13,
                    "episode": 0.35}
REWORD = [
    ("Prefers", "Really prefers"), ("Loves", "Really loves"), ("Decided", "Finally decided"),
    ("Goes", "Usually goes"), ("Works as", "Is working as"), ("Yesterday", "The other day"),
    ("every", "each"), ("instead of", "rather than"), ("especially", "particularly"),
    ("and it was", "which was"), ("Enjoys", "Really enjoys"), ("Drinks", "Usually drinks"),
    ("I spent", "I spent all of"), ("We had", "We just had"), ("Agreed", "Has agreed"),
    ("Chose", "Picked"), ("Speaks", "Speaks fluent"), ("Has ", "Owns "),
    ("Is allergic", "Is quite allergic"), ("I booked", "I finally booked"),
]


def _fill(rng: random.Random, template: str) -> str:
    def pick(key: str) -> str:
        return rng.choice(V[key])

    return template.format(
        drink=pick("drink"), drink2=pick("drink"), food=pick("food"), city=pick("city"),
        city2=pick("city"), tool=pick("tool"), tool2=pick("tool"), hobby=pick("hobby"),
        project=pick("project"), day=pick("day"), time=pick("time"), month=pick("month"),
        job=pick("job"), lang=pick("lang"), lang2=pick("lang"), pet=pick("pet"),
        petname=pick("petname"), allergen=pick("allergen"), opinion=pick("opinion"),
        freq=pick("freq"), qual=pick("qual"), topic=pick("topic"), name=rng.choice(NAMES),
        year=rng.randint(1995, 2025))


def make_sentence(rng: random.Random, category: str) -> str:
    """One memory text of a category, sometimes with a second sentence."""
    text = _fill(rng, rng.choice(TEMPLATES[category]))
    if rng.random() < 0.45:
        text += " " + _fill(rng, rng.choice(TAILS))
    return text


def reword(rng: random.Random, text: str) -> str:
    """A light rewording: one or two phrase swaps, else a small prefix."""
    out = text
    swaps = [(a, b) for a, b in REWORD if a in out]
    rng.shuffle(swaps)
    for a, b in swaps[: rng.randint(1, 2)]:
        out = out.replace(a, b, 1)
    if out == text:
        out = "Also, " + text[0].lower() + text[1:]
    return out

