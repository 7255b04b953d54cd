namespace NFX.Tests.CacheProbe;

/// <summary>A team graph with cycles (members point back at the team, mentors at each other) and polymorphic pets.</summary>
public sealed class Team
{
    public string Name = "";
    public List<Member> Members = [];
    public Member? Lead;
    public Dictionary<string, Member> ByLogin = [];
    public object? Mascot;
}

/// <summary>A team member; <see cref="Team"/> and <see cref="Mentor"/> close cycles.</summary>
public sealed class Member
{
    public string Login = "";
    public Team? Team;
    public Member? Mentor;
    public Pet[] Pets = [];
    public DateTime Joined;
    public decimal Rate;
    public int? Badge;
}

/// <summary>The polymorphic base: fields hold <see cref="Dog"/> and <see cref="Cat"/>.</summary>
public abstract class Pet
{
    public string Name = "";
    public Member? Owner;
}

/// <summary>A pet subtype.</summary>
public sealed class Dog : Pet
{
    public bool GoodBoy;
}

/// <summary>A pet subtype with its own list.</summary>
public sealed class Cat : Pet
{
    public List<string> Moods = [];
    public Pet? Rival;
}

/// <summary>Builds the same graph in any process.</summary>
public static class ProbeGraph
{
    public static Team Build()
    {
        var team = new Team { Name = "Caching" };
        var ann = new Member { Login = "ann", Team = team, Joined = new DateTime(2020, 1, 2, 3, 4, 5, DateTimeKind.Utc), Rate = 12.5m, Badge = 7 };
        var bob = new Member { Login = "bob", Team = team, Mentor = ann, Joined = new DateTime(2021, 6, 7, 8, 9, 10, DateTimeKind.Utc), Rate = 9.75m };
        ann.Mentor = bob;
        var rex = new Dog { Name = "Rex", Owner = ann, GoodBoy = true };
        var tom = new Cat { Name = "Tom", Owner = bob, Moods = ["sleepy", "hungry"], Rival = rex };
        ann.Pets = [rex, tom];
        bob.Pets = [tom];
        team.Members = [ann, bob];
        team.Lead = ann;
        team.ByLogin = new Dictionary<string, Member> { ["@ann"] = ann, ["@bob"] = bob };
        team.Mascot = tom;
        return team;
    }
}

/// <summary>Holds anything: the type policy decides what may come back.</summary>
public sealed class Envelope
{
    public string Label = "";
    public object? Content;
}
