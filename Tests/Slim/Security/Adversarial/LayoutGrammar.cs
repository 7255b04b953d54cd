using NFX.IO;
using NFX.Slim;
using NFX.Tests.Security.Support;
using static NFX.Tests.Security.Support.Wire;

namespace NFX.Tests.Security.Adversarial;

/// <summary>
/// Generates forged version-tolerant layouts of <c>LayoutGolden.Pair</c> (A: int, B: string) from the grammar of member
/// lists (docs/FORMAT.md, "Layouts"): the local members in any order, some left out, some widened (a short or a
/// nullable written for A), extra members the reader lacks of types drawn from <see cref="TypeTableGrammar"/> (refused
/// classes held at any depth of structs and nullables, shared entries), duplicated names, counts around the bound of
/// <see cref="SlimLimits.MaxLayoutExtraMembers"/>; then a body that writes a value for every member in the writer's order.
/// </summary>
public static class LayoutGrammar
{
    private sealed record Member(string Name, TypeNode Type);

    public static byte[] Message(SlimSerializer slim, Random random, string token, out bool namesRefusedClass)
    {
        var members = new List<Member>();
        var pool = new List<TypeNode>();
        if (random.Next(5) != 0)
        {
            members.Add(new Member("A", random.Next(4) switch
            {
                0 => new BuiltIn(TShort, true, w => w.WriteInt16((short)random.Next(short.MinValue, short.MaxValue))),
                1 => new Generic(TNullable, null, [TypeTableGrammar.Int(random)], GenericKind.Nullable),
                _ => TypeTableGrammar.Int(random),
            }));
        }
        if (random.Next(5) != 0)
        {
            members.Add(new Member("B", new BuiltIn(TString, false, _ => { })));
        }
        int extra = random.Next(4) == 0 ? random.Next(60, 70) : random.Next(0, 4);
        for (int i = 0; i < extra; i++)
        {
            members.Add(new Member("x" + i, random.Next(3) == 0 ? TypeTableGrammar.Int(random) : TypeTableGrammar.Tree(random, random.Next(1, 4), pool)));
        }
        if (members.Count > 1 && random.Next(10) == 0)
        {
            members.Add(members[random.Next(members.Count)]); // a duplicated name
        }
        Shuffle(random, members);
        namesRefusedClass = members.Any(m => Mentions(m.Type, typeof(CallbackRecorder)));
        return Wire.Message(slim, w =>
        {
            var table = new TypeTable(w);
            w.WriteVarUInt32(NewWithType);
            table.Named("LayoutGolden.Pair", "NFX.Slim.Tests", EntryMemberList,
                table.MemberList([.. members.Select(m => (m.Name, (Func<uint>)(() => m.Type.Write(table))))]));
            foreach (Member member in members)
            {
                if (member.Type.Size <= 4096 && member.Type.CanWriteValue)
                {
                    member.Type.WriteValue(w, token);
                }
                else
                {
                    w.WriteVarUInt32(Null);
                }
            }
        });
    }

    private static bool Mentions(TypeNode node, Type type) => node.Size <= 4096 && node switch
    {
        Named named => named.Loaded == type,
        Generic generic => generic.Arguments.Any(a => Mentions(a, type)),
        ArrayOf array => Mentions(array.Element, type),
        _ => false,
    };

    private static void Shuffle<T>(Random random, List<T> list)
    {
        for (int i = list.Count - 1; i > 0; i--)
        {
            int j = random.Next(i + 1);
            (list[i], list[j]) = (list[j], list[i]);
        }
    }
}
